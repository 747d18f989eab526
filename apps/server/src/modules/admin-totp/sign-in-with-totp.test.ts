import { hkdfSync } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { testAppForFile } from '../../testing/app-for-file';
import { bearer, createMember, lastSignInOf, signIn, signInAttemptsOf, strongPassword } from '../../testing/builders';
import {
  afterStart,
  challengeFor,
  codeAt,
  codeStep,
  enrolledAdministrator,
  passwordStep,
  stepStart,
} from '../../testing/totp-builders';

describe('an administrator with TOTP signs in', () => {
  const t = testAppForFile();

  const profile = (token: string) => t.app.inject({ method: 'GET', url: '/api/users/profile', headers: bearer(token) });
  const wrongCodeFor = (right: string) => (right === '111111' ? '222222' : '111111');
  /**
   * Of requests racing with one code or one challenge, one signs in; the other is refused, as a
   * used code or, when the winner finished before it began, as a spent challenge.
   */
  const expectExactlyOneThrough = (answers: LightMyRequestResponse[]) => {
    const [through, refused] = [...answers].sort((a, b) => a.statusCode - b.statusCode);
    expect(answers).toHaveLength(2);
    expect(through?.statusCode).toBe(200);
    expect(['INVALID_TOTP', 'UNAUTHORIZED']).toContain(refused?.json().errorCode);
    expect(refused?.json().data).toBeNull();
  };

  it('is asked for the code after the right password, and the code opens the session a password opens for others', async () => {
    const { admin, authenticator } = await enrolledAdministrator(t);
    const at = afterStart(30);
    t.clock.set(at);

    const first = await passwordStep(t, admin.email, strongPassword);
    expect(first.statusCode).toBe(401);
    const body = first.json();
    expect(body).toEqual({
      success: false,
      message: 'Enter the authentication code from your authenticator app to finish signing in.',
      error: 'Enter the authentication code from your authenticator app to finish signing in.',
      errorCode: 'TOTP_REQUIRED',
      data: { challengeToken: expect.any(String) },
    });
    // The challenge is no session.
    expect((await profile(body.data.challengeToken)).statusCode).toBe(401);

    const second = await codeStep(t, body.data.challengeToken, codeAt(authenticator, at));
    expect(second.statusCode).toBe(200);
    expect(second.json()).toMatchObject({
      success: true,
      message: 'Login successful',
      errorCode: null,
      data: { isEmailVerified: true, email: admin.email, firstName: 'Ada', lastName: 'Lovelace' },
    });
    const session = await profile(second.json().data.token);
    expect(session.json().data).toMatchObject({ _id: admin.id, isAdmin: true });
    expect(await lastSignInOf(t.database.db, admin)).toBeInstanceOf(Date);
    // The right code gives back the attempts the sign-in spent.
    expect(await signInAttemptsOf(t, admin.email)).toEqual({ failedAttempts: 0, lockedUntil: null });
  });

  it('refuses a wrong code with INVALID_TOTP, the challenge still good for the right one', async () => {
    const { admin, authenticator } = await enrolledAdministrator(t);
    const at = afterStart(60);
    t.clock.set(at);
    const challenge = await challengeFor(t, admin.email, strongPassword);
    const right = codeAt(authenticator, at);
    const wrong = await codeStep(t, challenge, wrongCodeFor(right));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      success: false,
      message: 'Invalid authentication code. Please try again.',
      error: 'Invalid authentication code. Please try again.',
      errorCode: 'INVALID_TOTP',
      data: null,
    });
    expect(JSON.stringify(wrong.json())).not.toContain('token');
    expect((await codeStep(t, challenge, right)).statusCode).toBe(200);
  });

  it('refuses a code used before: the same code again, and the code that confirmed the enrolment', async () => {
    const { admin, authenticator } = await enrolledAdministrator(t);
    // Still in the step of the confirming code. (A wrong code leaves the challenge good.)
    t.clock.set(afterStart(5));
    const challenge = await challengeFor(t, admin.email, strongPassword);
    const replayedEnrolment = await codeStep(t, challenge, codeAt(authenticator, stepStart));
    expect(replayedEnrolment.json().errorCode).toBe('INVALID_TOTP');

    const at = afterStart(31);
    t.clock.set(at);
    const code = codeAt(authenticator, at);
    expect((await codeStep(t, challenge, code)).statusCode).toBe(200);
    const next = await challengeFor(t, admin.email, strongPassword);
    const replayed = await codeStep(t, next, code);
    expect(replayed.statusCode).toBe(400);
    expect(replayed.json().errorCode).toBe('INVALID_TOTP');
    // Nor a code of an older step still inside the window.
    expect((await codeStep(t, next, codeAt(authenticator, stepStart))).json().errorCode).toBe('INVALID_TOTP');
    // The next step's code is good.
    const later = afterStart(61);
    t.clock.set(later);
    expect((await codeStep(t, next, codeAt(authenticator, later))).statusCode).toBe(200);
  });

  it('lets exactly one of two concurrent sign-ins with one code through', async () => {
    const { admin, authenticator } = await enrolledAdministrator(t);
    const at = afterStart(90);
    t.clock.set(at);
    const code = codeAt(authenticator, at);
    const challenges = [
      await challengeFor(t, admin.email, strongPassword),
      await challengeFor(t, admin.email, strongPassword),
    ];
    const answers = await Promise.all(challenges.map((challenge) => codeStep(t, challenge, code)));
    expectExactlyOneThrough(answers);
  });

  it('spends a challenge on the sign-in it completes, even with another code', async () => {
    const { admin, authenticator } = await enrolledAdministrator(t);
    const at = afterStart(120);
    t.clock.set(at);
    const challenge = await challengeFor(t, admin.email, strongPassword);
    // Two codes at once on one challenge (this step's and the next, both inside the window): one wins.
    const answers = await Promise.all([
      codeStep(t, challenge, codeAt(authenticator, at)),
      codeStep(t, challenge, codeAt(authenticator, afterStart(150))),
    ]);
    expectExactlyOneThrough(answers);

    const later = afterStart(180);
    t.clock.set(later);
    const reused = await codeStep(t, challenge, codeAt(authenticator, later));
    expect(reused.statusCode).toBe(401);
    expect(reused.json()).toMatchObject({
      errorCode: 'UNAUTHORIZED',
      message: 'Your sign-in has expired. Please enter your password again.',
    });
  });

  it('takes a recovery code once, typed in any case and with or without its dash', async () => {
    const { admin, headers, recoveryCodes } = await enrolledAdministrator(t);
    const [code, other] = recoveryCodes as [string, string];
    t.clock.set(afterStart(30));
    const first = await codeStep(t, await challengeFor(t, admin.email, strongPassword), ` ${code.toUpperCase()} `);
    expect(first.statusCode).toBe(200);
    expect((await profile(first.json().data.token)).statusCode).toBe(200);

    const challenge = await challengeFor(t, admin.email, strongPassword);
    const again = await codeStep(t, challenge, code.replace('-', ''));
    expect(again.statusCode).toBe(400);
    expect(again.json().errorCode).toBe('INVALID_TOTP');
    const status = await t.app.inject({ method: 'GET', url: '/api/admin/totp', headers });
    expect(status.json().data.recoveryCodesLeft).toBe(9);

    // Two requests at once with another recovery code: one gets in.
    const answers = await Promise.all([codeStep(t, challenge, other), codeStep(t, challenge, other)]);
    expectExactlyOneThrough(answers);
    const left = await t.app.inject({ method: 'GET', url: '/api/admin/totp', headers });
    expect(left.json().data.recoveryCodesLeft).toBe(8);
  });

  it('refuses an expired challenge', async () => {
    const { admin, authenticator } = await enrolledAdministrator(t);
    t.clock.set(afterStart(30));
    const challenge = await challengeFor(t, admin.email, strongPassword);
    const expired = afterStart(30 + 5 * 60 + 1);
    t.clock.set(expired);
    const answer = await codeStep(t, challenge, codeAt(authenticator, expired));
    expect(answer.statusCode).toBe(401);
    expect(answer.json()).toMatchObject({
      errorCode: 'UNAUTHORIZED',
      message: 'Your sign-in has expired. Please enter your password again.',
    });
    // Four minutes is still in time.
    const inTime = afterStart(30 + 4 * 60);
    t.clock.set(afterStart(30));
    const fresh = await challengeFor(t, admin.email, strongPassword);
    t.clock.set(inTime);
    expect((await codeStep(t, fresh, codeAt(authenticator, inTime))).statusCode).toBe(200);
  });

  it('refuses a forged, altered or foreign challenge, a session token among them', async () => {
    const { admin, authenticator } = await enrolledAdministrator(t);
    const at = afterStart(30);
    t.clock.set(at);
    const code = codeAt(authenticator, at);
    const genuine = await challengeFor(t, admin.email, strongPassword);
    const claims = { purpose: 'admin-totp-sign-in', sv: admin.session_version, n: 0 };
    const signWith = (key: Uint8Array) =>
      new SignJWT(claims)
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(admin.id)
        .setIssuedAt(Math.floor(at.getTime() / 1000))
        .setExpirationTime(Math.floor(at.getTime() / 1000) + 300)
        .sign(key);
    const forgeries = [
      // The right claims under the session key itself, and under a key derived for something else.
      await signWith(new Uint8Array(t.config.keys.sessions.current.secret)),
      await signWith(
        new Uint8Array(hkdfSync('sha256', t.config.keys.sessions.current.secret, 'uplink', 'something else', 32)),
      ),
      t.app.context.sessionTokens.sign(admin.id, admin.session_version),
      `${genuine.slice(0, -2)}${genuine.endsWith('AA') ? 'BB' : 'AA'}`,
      'not-a-token',
    ];
    for (const forged of forgeries) {
      const answer = await codeStep(t, forged, code);
      expect(answer.statusCode).toBe(401);
      expect(answer.json().errorCode).toBe('UNAUTHORIZED');
    }
    expect((await codeStep(t, genuine, code)).statusCode).toBe(200);
  });

  it("refuses the challenge of another administrator's password for this one's code", async () => {
    const first = await enrolledAdministrator(t);
    const second = await enrolledAdministrator(t);
    const at = afterStart(30);
    t.clock.set(at);
    const challenge = await challengeFor(t, first.admin.email, strongPassword);
    const answer = await codeStep(t, challenge, codeAt(second.authenticator, at));
    expect(answer.json().errorCode).toBe('INVALID_TOTP');
  });

  it('counts wrong codes as failed sign-in attempts, which a right password does not wipe', async () => {
    const { admin, authenticator } = await enrolledAdministrator(t);
    const at = afterStart(30);
    t.clock.set(at);
    const right = codeAt(authenticator, at);
    const wrong = wrongCodeFor(right);

    // Attempts: the password (1), a wrong code (2), the password again (3), two wrong codes (4, 5).
    const challenge = await challengeFor(t, admin.email, strongPassword);
    expect((await codeStep(t, challenge, wrong)).statusCode).toBe(400);
    const again = await challengeFor(t, admin.email, strongPassword);
    expect((await signInAttemptsOf(t, admin.email)).failedAttempts).toBe(3);
    expect((await codeStep(t, again, wrong)).statusCode).toBe(400);
    const fifth = await codeStep(t, again, wrong);
    expect(fifth.statusCode).toBe(423);
    expect(fifth.json()).toMatchObject({
      errorCode: 'ACCOUNT_LOCKED',
      message: 'Too many failed password attempts. Please try again in a few minutes.',
    });
    // The cool-down holds for the right code and the right password alike.
    expect((await codeStep(t, again, right)).statusCode).toBe(423);
    expect((await passwordStep(t, admin.email, strongPassword)).statusCode).toBe(423);
  });

  it('asks no code of an administrator without TOTP, nor of a member', async () => {
    const admin = await createMember(t.database.db, { isAdmin: true });
    const member = await createMember(t.database.db);
    for (const user of [admin, member]) expect(await signIn(t.app, user.email)).toEqual(expect.any(String));
  });

  it('refuses a code step whose fields are missing or malformed', async () => {
    for (const payload of [{}, { challengeToken: 'x' }, { code: '123456' }, { challengeToken: '', code: '123456' }]) {
      const answer = await t.app.inject({ method: 'POST', url: '/api/users/login/totp', payload });
      expect(answer.statusCode).toBe(400);
      expect(answer.json().errorCode).toBe('VALIDATION_ERROR');
    }
  });
});
