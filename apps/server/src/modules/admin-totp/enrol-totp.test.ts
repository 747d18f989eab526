import { type TOTP, URI } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { testAppForFile } from '../../testing/app-for-file';
import { bearer, createMember, sessionHeaders, signIn, soleAuditRowOf } from '../../testing/builders';
import { afterStart, codeAt, confirmEnrolment, startEnrolment, stepStart } from '../../testing/totp-builders';
import { openTotpSecret } from './totp-secret-box';

describe('an administrator turns TOTP on', () => {
  const t = testAppForFile();

  const newAdministrator = async () => {
    const admin = await createMember(t.database.db, { isAdmin: true });
    return { admin, headers: sessionHeaders(t.app, admin) };
  };
  const status = async (headers: Record<string, string>) =>
    (await t.app.inject({ method: 'GET', url: '/api/admin/totp', headers })).json();

  it('enrols: a secret an authenticator app takes, its QR code drawn by the server, then the first code', async () => {
    const { admin, headers } = await newAdministrator();
    expect(await status(headers)).toMatchObject({
      success: true,
      data: { enabled: false, enrolledAt: null, recoveryCodesLeft: 0 },
    });

    t.clock.set(stepStart);
    const started = await startEnrolment(t, headers);
    expect(started.statusCode).toBe(200);
    const enrolment = started.json().data;
    expect(started.json().message).toBe('Scan the QR code with your authenticator app, then enter the code it shows.');
    expect(enrolment.secret).toMatch(/^[A-Z2-7]{32}$/);

    // A real TOTP client reads the URI: issuer Uplink, the administrator's address, the secret shown.
    const authenticator = URI.parse(enrolment.otpauthUri) as TOTP;
    expect(authenticator).toMatchObject({ issuer: 'Uplink', label: admin.email, digits: 6, period: 30 });
    expect(authenticator.algorithm).toBe('SHA1');
    expect(authenticator.secret.base32).toBe(enrolment.secret);

    expect(enrolment.qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    const svg = Buffer.from(enrolment.qrCode.split(',')[1], 'base64').toString('utf8');
    expect(svg).toMatch(/^<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);

    // Not on yet: the first code turns it on and answers ten recovery codes, once.
    expect((await status(headers)).data.enabled).toBe(false);
    const at = afterStart(12);
    t.clock.set(at);
    const confirmed = await confirmEnrolment(t, headers, codeAt(authenticator, at));
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().message).toBe('Two-factor authentication is on. Keep your recovery codes somewhere safe.');
    const { recoveryCodes, token } = confirmed.json().data;
    const renewed = bearer(token);
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);

    expect((await status(renewed)).data).toEqual({
      enabled: true,
      enrolledAt: at.toISOString(),
      recoveryCodesLeft: 10,
    });

    // At rest the secret is sealed with a key of the server's, and the recovery codes are HMACs.
    const row = await t.database.db
      .selectFrom('admin_totp')
      .selectAll()
      .where('user_id', '=', admin.id)
      .executeTakeFirstOrThrow();
    expect(row.secret_sealed).not.toContain(enrolment.secret);
    expect(openTotpSecret(t.config.keys.totp, admin.id, row.secret_sealed).equals(authenticator.secret.bytes)).toBe(
      true,
    );
    const stored = await t.database.db
      .selectFrom('admin_totp_recovery_codes')
      .select('code_hash')
      .where('user_id', '=', admin.id)
      .execute();
    expect(stored).toHaveLength(10);
    const hashes = stored.map((code) => code.code_hash).join(' ');
    for (const code of recoveryCodes) expect(hashes).not.toContain(code.replace('-', ''));
  });

  it('ends every session opened before TOTP was on; the confirming call answers the token this session goes on with', async () => {
    const { admin, headers } = await newAdministrator();
    const otherDevice = bearer(await signIn(t.app, admin.email));
    t.clock.set(stepStart);
    const authenticator = URI.parse((await startEnrolment(t, headers)).json().data.otpauthUri) as TOTP;
    const confirmed = await confirmEnrolment(t, headers, codeAt(authenticator, stepStart));
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().data).toEqual({ recoveryCodes: expect.any(Array), token: expect.any(String) });

    for (const opened of [headers, otherDevice]) {
      const refused = await t.app.inject({ method: 'GET', url: '/api/admin/totp', headers: opened });
      expect(refused.statusCode).toBe(401);
    }
    expect((await status(bearer(confirmed.json().data.token))).data.enabled).toBe(true);
  });

  it('writes the audit log in the same transaction', async () => {
    const { admin, headers } = await newAdministrator();
    t.clock.set(stepStart);
    const authenticator = URI.parse((await startEnrolment(t, headers)).json().data.otpauthUri) as TOTP;
    await confirmEnrolment(t, headers, codeAt(authenticator, stepStart));
    const row = await soleAuditRowOf(t.database.db, admin.id);
    expect(row).toMatchObject({
      actor_id: admin.id,
      action: 'ADMIN_TOTP_ENROLLED',
      target_type: 'USER',
      before: { totpEnabled: false },
      after: { totpEnabled: true },
      created_at: stepStart,
    });
    expect(row.request_id).toBeTruthy();
  });

  it('refuses a wrong first code, and a code of the secret an enrolment started again replaced', async () => {
    const { admin, headers } = await newAdministrator();
    t.clock.set(stepStart);
    const first = URI.parse((await startEnrolment(t, headers)).json().data.otpauthUri) as TOTP;
    const right = codeAt(first, stepStart);
    const wrong = right === '000000' ? '000001' : '000000';
    const refused = await confirmEnrolment(t, headers, wrong);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      success: false,
      errorCode: 'INVALID_TOTP',
      message: 'Invalid authentication code. Please try again.',
    });
    // Two steps late is too late.
    const late = await confirmEnrolment(t, headers, codeAt(first, afterStart(-60)));
    expect(late.json().errorCode).toBe('INVALID_TOTP');

    const second = URI.parse((await startEnrolment(t, headers)).json().data.otpauthUri) as TOTP;
    expect(second.secret.base32).not.toBe(first.secret.base32);
    expect((await confirmEnrolment(t, headers, right)).json().errorCode).toBe('INVALID_TOTP');
    expect((await status(headers)).data.enabled).toBe(false);
    expect((await confirmEnrolment(t, headers, codeAt(second, stepStart))).statusCode).toBe(200);
    const audit = await t.database.db
      .selectFrom('audit_log')
      .select('action')
      .where('target_id', '=', admin.id)
      .execute();
    expect(audit).toEqual([{ action: 'ADMIN_TOTP_ENROLLED' }]);
  });

  it('refuses to start or confirm over a factor that is on, and a confirmation with nothing started', async () => {
    const { headers } = await newAdministrator();
    t.clock.set(stepStart);
    const nothingStarted = await confirmEnrolment(t, headers, '123456');
    expect(nothingStarted.statusCode).toBe(400);
    expect(nothingStarted.json()).toMatchObject({
      errorCode: 'INVALID_STATUS',
      message: 'No set-up is waiting for a code. Please start again.',
    });

    const authenticator = URI.parse((await startEnrolment(t, headers)).json().data.otpauthUri) as TOTP;
    const confirmed = await confirmEnrolment(t, headers, codeAt(authenticator, stepStart));
    expect(confirmed.statusCode).toBe(200);
    const renewed = bearer(confirmed.json().data.token);
    const again = await startEnrolment(t, renewed);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({
      errorCode: 'INVALID_STATUS',
      message: 'Two-factor authentication is already on. Turn it off before setting it up again.',
    });
    const reconfirmed = await confirmEnrolment(t, renewed, codeAt(authenticator, afterStart(30)));
    expect(reconfirmed.json().errorCode).toBe('INVALID_STATUS');
    expect((await status(renewed)).data.recoveryCodesLeft).toBe(10);
  });

  it('takes only six digits as the first code', async () => {
    const { headers } = await newAdministrator();
    await startEnrolment(t, headers);
    for (const code of ['12345', '1234567', 'abcdef', '']) {
      const answer = await confirmEnrolment(t, headers, code);
      expect(answer.statusCode).toBe(400);
      expect(answer.json().errorCode).toBe('VALIDATION_ERROR');
    }
  });

  it('is for administrators only', async () => {
    const member = await createMember(t.database.db);
    const headers = sessionHeaders(t.app, member);
    expect((await startEnrolment(t, headers)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/totp', headers })).statusCode).toBe(403);
  });
});
