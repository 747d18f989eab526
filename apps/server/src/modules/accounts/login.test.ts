import { describe, expect, it, vi } from 'vitest';
import { testAppForFile } from '../../testing/app-for-file';
import {
  answersUnderRateLimits,
  appWithSettings,
  bearer,
  createMember,
  lastSignInOf,
  setSignInAttempts,
  signInAttemptsOf,
  statusesOf,
  strongPassword,
  uniqueEmail,
} from '../../testing/builders';
import { verifyAgainstNoAccount, verifyPassword } from './password-hashing';
import { forgetStaleSignInAttempts, signInAttemptKey } from './sign-in-attempts-repository';

// Counts the password verifications (argon2) each sign-in costs, without changing them.
vi.mock('./password-hashing', async (importOriginal) => {
  const original = await importOriginal<typeof import('./password-hashing')>();
  return {
    ...original,
    verifyPassword: vi.fn(original.verifyPassword),
    verifyAgainstNoAccount: vi.fn(original.verifyAgainstNoAccount),
  };
});
const verifications = () =>
  vi.mocked(verifyPassword).mock.calls.length + vi.mocked(verifyAgainstNoAccount).mock.calls.length;

describe('login', () => {
  const t = testAppForFile();

  const login = (payload: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/users/login', payload: payload as object });

  it('opens a session for a verified member and records the sign-in', async () => {
    const member = await createMember(t.database.db, { firstName: 'Linus' });
    const response = await login({ email: member.email.toUpperCase(), password: strongPassword });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      success: true,
      message: 'Login successful',
      errorCode: null,
      data: { isEmailVerified: true, email: member.email, firstName: 'Linus', lastName: 'Lovelace' },
    });
    const profile = await t.app.inject({ method: 'GET', url: '/api/users/profile', headers: bearer(body.data.token) });
    expect(profile.json().data._id).toBe(member.id);
    expect(await lastSignInOf(t.database.db, member)).toBeInstanceOf(Date);
  });

  it('answers a wrong password and an unknown e-mail identically', async () => {
    const member = await createMember(t.database.db);
    const wrong = await login({ email: member.email, password: 'Wrong!Pass1' });
    const unknown = await login({ email: uniqueEmail('nobody'), password: 'Wrong!Pass1' });
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        success: false,
        message: 'Invalid email or password. Please try again.',
        data: null,
        error: 'Invalid email or password. Please try again.',
        errorCode: 'UNAUTHORIZED',
      });
    }
  });

  it('refuses an unverified member without a token and asks for verification', async () => {
    const member = await createMember(t.database.db, { verified: false });
    const response = await login({ email: member.email, password: strongPassword });
    expect(response.statusCode).toBe(403);
    const body = response.json();
    expect(body).toMatchObject({
      success: false,
      errorCode: 'EMAIL_NOT_VERIFIED',
      requiresVerification: true,
      data: null,
    });
    expect(JSON.stringify(body)).not.toContain('token');
  });

  it('refuses members an administrator locked or disabled', async () => {
    const locked = await createMember(t.database.db, { status: 'LOCKED' });
    const disabled = await createMember(t.database.db, { status: 'DISABLED' });
    const lockedAnswer = await login({ email: locked.email, password: strongPassword });
    // 423 like every other ACCOUNT_LOCKED answer (it was 403 here and 423 for the cool-down).
    expect(lockedAnswer.statusCode).toBe(423);
    expect(lockedAnswer.json().errorCode).toBe('ACCOUNT_LOCKED');
    const disabledAnswer = await login({ email: disabled.email, password: strongPassword });
    expect(disabledAnswer.statusCode).toBe(403);
    expect(disabledAnswer.json().errorCode).toBe('ACCOUNT_DISABLED');
  });

  it('does not reveal the account state to someone without the password', async () => {
    const locked = await createMember(t.database.db, { status: 'LOCKED' });
    const response = await login({ email: locked.email, password: 'Wrong!Pass1' });
    expect(response.statusCode).toBe(401);
    expect(response.json().errorCode).toBe('UNAUTHORIZED');
  });

  it('locks sign-in for a cool-down after five bad passwords in a row, even for the right password', async () => {
    const member = await createMember(t.database.db);
    const answers = [];
    for (let attempt = 0; attempt < 5; attempt += 1) {
      answers.push((await login({ email: member.email, password: `Wrong!Pass${attempt}` })).statusCode);
    }
    expect(answers).toEqual([401, 401, 401, 401, 423]);
    const right = await login({ email: member.email, password: strongPassword });
    expect(right.statusCode).toBe(423);
    expect(right.json()).toMatchObject({ success: false, errorCode: 'ACCOUNT_LOCKED' });
    const row = await t.database.db
      .selectFrom('users')
      .select(['status'])
      .where('id', '=', member.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('ACTIVE');
    const attempts = await signInAttemptsOf(t, member.email);
    expect(attempts.failedAttempts).toBe(5);
    const lockMinutes = ((attempts.lockedUntil as Date).getTime() - Date.now()) / 60_000;
    expect(lockMinutes).toBeGreaterThan(14);
    expect(lockMinutes).toBeLessThanOrEqual(15);
  });

  it('lets the right password in after the cool-down and starts the count over', async () => {
    const member = await createMember(t.database.db);
    await setSignInAttempts(t, member.email, { failedAttempts: 5, lockedUntil: new Date(Date.now() - 1000) });
    expect((await login({ email: member.email, password: strongPassword })).statusCode).toBe(200);
    expect(await signInAttemptsOf(t, member.email)).toEqual({ failedAttempts: 0, lockedUntil: null });
  });

  it('counts a bad password after an expired cool-down as the first of a new series', async () => {
    const member = await createMember(t.database.db);
    await setSignInAttempts(t, member.email, { failedAttempts: 5, lockedUntil: new Date(Date.now() - 1000) });
    expect((await login({ email: member.email, password: 'Wrong!Pass1' })).statusCode).toBe(401);
    expect((await signInAttemptsOf(t, member.email)).failedAttempts).toBe(1);
  });

  it('resets the count of bad passwords on a good sign-in', async () => {
    const member = await createMember(t.database.db);
    for (let attempt = 0; attempt < 4; attempt += 1) await login({ email: member.email, password: 'Wrong!Pass1' });
    expect((await login({ email: member.email, password: strongPassword })).statusCode).toBe(200);
    expect((await login({ email: member.email, password: 'Wrong!Pass1' })).statusCode).toBe(401);
    expect((await login({ email: member.email, password: strongPassword })).statusCode).toBe(200);
  });

  it('holds the cool-down under a burst: 19 wrong passwords and the right one sent together', async () => {
    const member = await createMember(t.database.db);
    const before = verifications();
    const burst = [
      ...Array.from({ length: 19 }, (_, attempt) => login({ email: member.email, password: `Wrong!Pass${attempt}` })),
      login({ email: member.email, password: strongPassword }),
    ];
    const answers = await Promise.all(burst);
    const right = answers[19];
    expect(right?.statusCode).toBe(423);
    expect(right?.json().errorCode).toBe('ACCOUNT_LOCKED');
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(0);
    // Only the five attempts the cool-down allows ever reached a password check.
    expect(verifications() - before).toBe(5);
    expect(answers.filter((answer) => answer.statusCode === 401)).toHaveLength(4);
    expect((await signInAttemptsOf(t, member.email)).failedAttempts).toBe(5);

    // Later bursts, the right password among them, change nothing until the cool-down ends.
    const again = await Promise.all([
      login({ email: member.email, password: strongPassword }),
      ...Array.from({ length: 9 }, () => login({ email: member.email, password: 'Wrong!Pass1' })),
      login({ email: member.email, password: strongPassword }),
    ]);
    expect(again.map((answer) => answer.statusCode)).toEqual(Array(11).fill(423));
    expect(verifications() - before).toBe(5);
  });

  it('keeps the same cool-down for an address nobody registered, with the same answers', async () => {
    const registered = await createMember(t.database.db);
    const statuses = async (email: string) => {
      const answers = [];
      for (let attempt = 0; attempt < 6; attempt += 1) {
        const response = await login({ email, password: `Wrong!Pass${attempt}` });
        answers.push({ status: response.statusCode, body: response.json() });
      }
      return answers;
    };
    const unknown = await statuses(uniqueEmail('nobody'));
    expect(unknown.map((answer) => answer.status)).toEqual([401, 401, 401, 401, 423, 423]);
    expect(unknown).toEqual(await statuses(registered.email));
  });

  it('forgets failures that no longer count: an ended cool-down, a series idle for a day', async () => {
    const [ended, idle, recent, cooling] = [uniqueEmail(), uniqueEmail(), uniqueEmail(), uniqueEmail()];
    await setSignInAttempts(t, ended, { failedAttempts: 5, lockedUntil: new Date(Date.now() - 1000) });
    await setSignInAttempts(t, idle, { failedAttempts: 3, lockedUntil: null });
    await setSignInAttempts(t, recent, { failedAttempts: 3, lockedUntil: null });
    await setSignInAttempts(t, cooling, { failedAttempts: 5, lockedUntil: new Date(Date.now() + 60_000) });
    await t.database.db
      .updateTable('sign_in_attempts')
      .set({ updated_at: new Date(Date.now() - 25 * 3_600_000) })
      .where(
        'email_key',
        'in',
        [ended, idle, cooling].map((email) => signInAttemptKey(t.config.keys.codeHmac, email)),
      )
      .execute();
    await forgetStaleSignInAttempts(t.database.db);
    expect((await signInAttemptsOf(t, ended)).failedAttempts).toBe(0);
    expect((await signInAttemptsOf(t, idle)).failedAttempts).toBe(0);
    expect((await signInAttemptsOf(t, recent)).failedAttempts).toBe(3);
    expect((await signInAttemptsOf(t, cooling)).failedAttempts).toBe(5);
    // A series idle for a day starts over even before the sweep runs.
    await setSignInAttempts(t, idle, { failedAttempts: 4, lockedUntil: null });
    await t.database.db
      .updateTable('sign_in_attempts')
      .set({ updated_at: new Date(Date.now() - 25 * 3_600_000) })
      .where('email_key', '=', signInAttemptKey(t.config.keys.codeHmac, idle))
      .execute();
    expect((await login({ email: idle, password: 'Wrong!Pass1' })).statusCode).toBe(401);
    expect((await signInAttemptsOf(t, idle)).failedAttempts).toBe(1);
  });

  it('keeps no e-mail address in the attempts table', async () => {
    const email = uniqueEmail('private');
    await login({ email, password: 'Wrong!Pass1' });
    const rows = await t.database.db.selectFrom('sign_in_attempts').selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain(email);
    expect((await signInAttemptsOf(t, email)).failedAttempts).toBe(1);
  });

  it('rejects missing fields and wrong types', async () => {
    const missing = await login({});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().data.errors.map((error: { message: string }) => error.message)).toEqual(
      expect.arrayContaining(['Email is required', 'Password is required']),
    );
    const wrongTypes = await login({ email: 12, password: { $ne: '' } });
    expect(wrongTypes.statusCode).toBe(400);
    expect(wrongTypes.json().errorCode).toBe('VALIDATION_ERROR');
    const notJson = await t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json().success).toBe(false);
  });

  it('counts against the connecting address: a forged X-Forwarded-For does not escape the limit', async () => {
    const answers = await answersUnderRateLimits(
      t,
      { authPerMinute: 2, mailPerMinute: 2 },
      Array.from({ length: 3 }, (_, attempt) => ({
        method: 'POST' as const,
        url: '/api/users/login',
        headers: { 'x-forwarded-for': `203.0.113.${attempt}` },
        payload: { email: uniqueEmail(), password: 'Wrong!Pass1' },
      })),
    );
    expect(statusesOf(answers)).toEqual([401, 401, 429]);
  });

  it('behind a trusted proxy counts each client address separately', async () => {
    const proxied = await appWithSettings(t, {
      rateLimits: { authPerMinute: 1, mailPerMinute: 1 },
      trustedProxyHops: 1,
    });
    try {
      const attempt = (client: string) =>
        proxied.inject({
          method: 'POST',
          url: '/api/users/login',
          headers: { 'x-forwarded-for': client },
          payload: { email: uniqueEmail(), password: 'Wrong!Pass1' },
        });
      expect((await attempt('198.51.100.1')).statusCode).toBe(401);
      expect((await attempt('198.51.100.2')).statusCode).toBe(401);
      expect((await attempt('198.51.100.1')).statusCode).toBe(429);
    } finally {
      await proxied.close();
    }
  });

  it('limits sign-in attempts per address (429 RATE_LIMITED)', async () => {
    const answers = await answersUnderRateLimits(
      t,
      { authPerMinute: 3, mailPerMinute: 3 },
      Array.from({ length: 4 }, () => ({
        method: 'POST' as const,
        url: '/api/users/login',
        payload: { email: uniqueEmail(), password: 'Wrong!Pass1' },
      })),
    );
    expect(statusesOf(answers)).toEqual([401, 401, 401, 429]);
    expect(answers[3]?.json().errorCode).toBe('RATE_LIMITED');
  });
});
