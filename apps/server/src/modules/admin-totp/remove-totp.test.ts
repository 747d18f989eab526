import { describe, expect, it } from 'vitest';
import { testAppForFile } from '../../testing/app-for-file';
import { bearer, createMember, sessionHeaders, signIn, strongPassword } from '../../testing/builders';
import {
  afterStart,
  challengeFor,
  codeAt,
  codeStep,
  confirmEnrolment,
  enrolledAdministrator,
  startEnrolment,
  stepStart,
} from '../../testing/totp-builders';

describe('an administrator turns TOTP off', () => {
  const t = testAppForFile();

  const remove = (headers: Record<string, string>, code: unknown) =>
    t.app.inject({ method: 'DELETE', url: '/api/admin/totp', headers, payload: { code } });
  const status = async (headers: Record<string, string>) =>
    (await t.app.inject({ method: 'GET', url: '/api/admin/totp', headers })).json().data;
  const auditOf = (adminId: string) =>
    t.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('target_id', '=', adminId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();

  it('with a current code: the password alone signs in again, and the audit log says so', async () => {
    const { admin, headers, authenticator } = await enrolledAdministrator(t);
    const at = afterStart(30);
    t.clock.set(at);
    const removed = await remove(headers, codeAt(authenticator, at));
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toMatchObject({ success: true, message: 'Two-factor authentication is off.' });
    expect(await status(bearer(removed.json().data.token))).toEqual({
      enabled: false,
      enrolledAt: null,
      recoveryCodesLeft: 0,
    });
    expect(await signIn(t.app, admin.email)).toEqual(expect.any(String));

    const left = await t.database.db
      .selectFrom('admin_totp_recovery_codes')
      .select('code_hash')
      .where('user_id', '=', admin.id)
      .execute();
    expect(left).toEqual([]);
    const audit = await auditOf(admin.id);
    expect(audit.map((row) => row.action)).toEqual(['ADMIN_TOTP_ENROLLED', 'ADMIN_TOTP_REMOVED']);
    expect(audit[1]).toMatchObject({
      actor_id: admin.id,
      target_type: 'USER',
      before: { totpEnabled: true },
      after: { totpEnabled: false, verifiedWith: 'TOTP' },
      created_at: at,
    });
  });

  it('not from a session opened before TOTP was turned on, even with a recovery code', async () => {
    const admin = await createMember(t.database.db, { isAdmin: true });
    const openedBefore = bearer(await signIn(t.app, admin.email));
    const { headers, recoveryCodes } = await enrolledAdministrator(t, admin);
    const refused = await remove(openedBefore, recoveryCodes[0]);
    expect(refused.statusCode).toBe(401);
    expect(await status(headers)).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });
  });

  it('ends every other session; the call answers the token this session goes on with', async () => {
    const { admin, headers, recoveryCodes } = await enrolledAdministrator(t);
    const signIn = await codeStep(t, await challengeFor(t, admin.email, strongPassword), recoveryCodes[0] as string);
    const otherDevice = bearer(signIn.json().data.token);
    const removed = await remove(headers, recoveryCodes[1]);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().data).toEqual({ token: expect.any(String) });

    for (const opened of [headers, otherDevice]) {
      const refused = await t.app.inject({ method: 'GET', url: '/api/admin/totp', headers: opened });
      expect(refused.statusCode).toBe(401);
    }
    expect(await status(bearer(removed.json().data.token))).toMatchObject({ enabled: false });
  });

  it('with a recovery code', async () => {
    const { admin, headers, recoveryCodes } = await enrolledAdministrator(t);
    const removed = await remove(headers, recoveryCodes[3]);
    expect(removed.statusCode).toBe(200);
    expect((await status(bearer(removed.json().data.token))).enabled).toBe(false);
    const audit = await auditOf(admin.id);
    expect(audit.at(-1)).toMatchObject({ action: 'ADMIN_TOTP_REMOVED', after: { verifiedWith: 'RECOVERY_CODE' } });
  });

  it('not with a wrong code, a code already used or a used recovery code: the factor and the session stay', async () => {
    const { admin, headers, authenticator, recoveryCodes } = await enrolledAdministrator(t);
    const at = afterStart(30);
    t.clock.set(at);
    const right = codeAt(authenticator, at);
    const wrong = await remove(headers, right === '111111' ? '222222' : '111111');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      errorCode: 'INVALID_TOTP',
      message: 'Invalid authentication code. Please try again.',
    });
    // The code that confirmed the enrolment is used.
    expect((await remove(headers, codeAt(authenticator, stepStart))).json().errorCode).toBe('INVALID_TOTP');
    // So is a code that signed in, and a recovery code that did.
    const [recoveryCode] = recoveryCodes as [string];
    expect((await codeStep(t, await challengeFor(t, admin.email, strongPassword), right)).statusCode).toBe(200);
    expect((await codeStep(t, await challengeFor(t, admin.email, strongPassword), recoveryCode)).statusCode).toBe(200);
    expect((await remove(headers, right)).json().errorCode).toBe('INVALID_TOTP');
    expect((await remove(headers, recoveryCode)).json().errorCode).toBe('INVALID_TOTP');

    expect(await status(headers)).toMatchObject({ enabled: true, recoveryCodesLeft: 9 });
    expect((await auditOf(admin.id)).map((row) => row.action)).toEqual(['ADMIN_TOTP_ENROLLED']);
  });

  it('refuses when TOTP is not on, and lets it be turned on again after', async () => {
    const { headers, authenticator } = await enrolledAdministrator(t);
    const at = afterStart(30);
    t.clock.set(at);
    const removed = await remove(headers, codeAt(authenticator, at));
    expect(removed.statusCode).toBe(200);
    const renewed = bearer(removed.json().data.token);
    const again = await remove(renewed, codeAt(authenticator, afterStart(60)));
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({
      errorCode: 'INVALID_STATUS',
      message: 'Two-factor authentication is not on.',
    });

    expect((await startEnrolment(t, renewed)).statusCode).toBe(200);
    // The old authenticator's secret is not the new one.
    const stale = await confirmEnrolment(t, renewed, codeAt(authenticator, at));
    expect(stale.json().errorCode).toBe('INVALID_TOTP');
  });

  it('counts wrong codes under the sign-in cool-down', async () => {
    const { headers, authenticator } = await enrolledAdministrator(t);
    const at = afterStart(30);
    t.clock.set(at);
    const right = codeAt(authenticator, at);
    const wrong = right === '111111' ? '222222' : '111111';
    const answers = [];
    for (let attempt = 0; attempt < 5; attempt += 1) answers.push((await remove(headers, wrong)).statusCode);
    expect(answers).toEqual([400, 400, 400, 400, 423]);
    expect((await remove(headers, right)).json().errorCode).toBe('ACCOUNT_LOCKED');
  });

  it('takes a code of some kind', async () => {
    const { headers } = await enrolledAdministrator(t);
    for (const code of ['', '   ', null, 123456]) {
      expect((await remove(headers, code)).json().errorCode).toBe('VALIDATION_ERROR');
    }
    const member = await createMember(t.database.db);
    expect((await remove(sessionHeaders(t.app, member), '123456')).statusCode).toBe(403);
  });
});
