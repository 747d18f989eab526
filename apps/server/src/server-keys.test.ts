import { createCipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { SignJWT } from 'jose';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config/load-config';
import { hashCode } from './modules/withdrawals/withdrawal-code-hash';
import { appWithSettings, bearer, createMember, signIn, strongPassword } from './testing/builders';
import { createTestApp, type TestApp } from './testing/test-app';

const master = 'the-master-secret-of-this-test-server-0123';
const sessionKeyA = 'session-key-a-that-is-at-least-32-characters';
const sessionKeyB = 'session-key-b-that-is-at-least-32-characters';
const totpKey = 'totp-sealing-key-that-is-at-least-32-chars';

/** The keys a server started with this environment (and JWT_SECRET `master`) uses. */
const keysOf = (env: Record<string, string> = {}) =>
  loadConfig({ NODE_ENV: 'test', DATA_DIR: '/tmp/uplink-test-data', JWT_SECRET: master, ...env }).keys;

/** The code of the next 30-second step (the server takes one step either side): the enrolment used the current one. */
const nextStepCode = (authenticator: TOTP) => authenticator.generate({ timestamp: Date.now() + 30_000 });

/** The `kid` a JWT's header names. */
const keyIdOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[0] as string, 'base64url').toString()).kid;

/**
 * The attack run's "one secret keys everything": JWT_SECRET signed sessions, keyed the code
 * HMACs and sealed TOTP secrets, so rotating it voided enrolled TOTP and outstanding codes. Each
 * purpose now has its own key, configured apart or derived from JWT_SECRET, and a session key
 * rotates (with a key id in each token) without touching the others.
 */
describe('one key per purpose', () => {
  let t: TestApp;
  const apps: FastifyInstance[] = [];
  /** Another server on the same database, started with these keys. */
  const serverWith = async (env: Record<string, string> = {}) => {
    const app = await appWithSettings(t, { keys: keysOf(env) });
    apps.push(app);
    return app;
  };
  beforeAll(async () => {
    t = await createTestApp();
  }, 180_000);
  afterAll(async () => {
    for (const app of apps) await app.close();
    await t?.close();
  });

  const profile = (app: FastifyInstance, token: string) =>
    app.inject({ method: 'GET', url: '/api/users/profile', headers: bearer(token) });

  /** Signs in an administrator with TOTP: the password, then the authenticator's current code or a recovery code. */
  async function signInWithSecondFactor(app: FastifyInstance, email: string, code: string) {
    const password = await app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email, password: strongPassword },
    });
    expect(password.json().errorCode).toBe('TOTP_REQUIRED');
    const { challengeToken } = password.json().data;
    return app.inject({ method: 'POST', url: '/api/users/login/totp', payload: { challengeToken, code } });
  }

  /** An administrator who turned TOTP on through `app`: their authenticator and recovery codes. */
  async function enrolThrough(app: FastifyInstance) {
    const admin = await createMember(t.database.db, { isAdmin: true });
    const headers = bearer(await signIn(app, admin.email));
    const started = await app.inject({ method: 'POST', url: '/api/admin/totp/enrolment', headers });
    const authenticator = new TOTP({ secret: Secret.fromBase32(started.json().data.secret) });
    const confirmed = await app.inject({
      method: 'POST',
      url: '/api/admin/totp/enrolment/confirm',
      headers,
      payload: { code: authenticator.generate() },
    });
    expect(confirmed.statusCode).toBe(200);
    const { recoveryCodes } = confirmed.json().data as { recoveryCodes: string[] };
    return { admin, authenticator, recoveryCodes };
  }

  it('derives a different key for each purpose from JWT_SECRET, none of them JWT_SECRET itself', () => {
    const keys = keysOf();
    const [totp] = keys.totp;
    const all = [keys.sessions.current.secret, keys.codeHmac, totp.sealing, totp.recoveryCodes, Buffer.from(master)];
    expect(new Set(all.map((key) => key.toString('hex'))).size).toBe(all.length);
    // Configured apart, a key is that secret; the others stay derived.
    const apart = keysOf({ SESSION_SECRET: sessionKeyA, CODE_HMAC_SECRET: sessionKeyB });
    expect(apart.sessions.current.secret.toString()).toBe(sessionKeyA);
    expect(apart.codeHmac.toString()).toBe(sessionKeyB);
    expect(apart.totp[0]).toEqual(totp);
  });

  it('rotates the session key: sessions of the previous key go on while it is configured, and end after', async () => {
    const before = await serverWith({ SESSION_SECRET: sessionKeyA });
    const member = await createMember(t.database.db);
    const oldToken = await signIn(before, member.email);
    expect(keyIdOf(oldToken)).toBe(keysOf({ SESSION_SECRET: sessionKeyA }).sessions.current.id);

    const rotating = await serverWith({ SESSION_SECRET: sessionKeyB, SESSION_SECRET_PREVIOUS: sessionKeyA });
    expect((await profile(rotating, oldToken)).statusCode).toBe(200);
    const newToken = await signIn(rotating, member.email);
    expect(keyIdOf(newToken)).toBe(keysOf({ SESSION_SECRET: sessionKeyB }).sessions.current.id);

    const rotated = await serverWith({ SESSION_SECRET: sessionKeyB });
    expect((await profile(rotated, oldToken)).statusCode).toBe(401);
    expect((await profile(rotated, newToken)).statusCode).toBe(200);
    // The old server does not take the new key's tokens.
    expect((await profile(before, newToken)).statusCode).toBe(401);
  });

  it('keeps TOTP enrolments, recovery codes and withdrawal codes through a session key rotation', async () => {
    const before = await serverWith({ SESSION_SECRET: sessionKeyA });
    const { admin, authenticator, recoveryCodes } = await enrolThrough(before);
    const member = await createMember(t.database.db);
    const codeHash = hashCode(keysOf({ SESSION_SECRET: sessionKeyA }).codeHmac, member.id, '123456');

    const rotated = await serverWith({ SESSION_SECRET: sessionKeyB });
    expect((await signInWithSecondFactor(rotated, admin.email, nextStepCode(authenticator))).statusCode).toBe(200);
    expect((await signInWithSecondFactor(rotated, admin.email, recoveryCodes[0] as string)).statusCode).toBe(200);
    expect(hashCode(keysOf({ SESSION_SECRET: sessionKeyB }).codeHmac, member.id, '123456')).toBe(codeHash);
  });

  it('seals new enrolments under TOTP_SEALING_SECRET, and still opens those sealed under the key derived from JWT_SECRET', async () => {
    const derived = await enrolThrough(await serverWith());
    const apart = await serverWith({ TOTP_SEALING_SECRET: totpKey });
    const code = nextStepCode(derived.authenticator);
    expect((await signInWithSecondFactor(apart, derived.admin.email, code)).statusCode).toBe(200);
    expect(
      (await signInWithSecondFactor(apart, derived.admin.email, derived.recoveryCodes[1] as string)).statusCode,
    ).toBe(200);

    const sealedApart = await enrolThrough(apart);
    const row = await t.database.db
      .selectFrom('admin_totp')
      .select('secret_sealed')
      .where('user_id', '=', sealedApart.admin.id)
      .executeTakeFirstOrThrow();
    expect(row.secret_sealed.startsWith(`${keysOf({ TOTP_SEALING_SECRET: totpKey }).totp[0].id}.`)).toBe(true);
  });

  it('keeps the enrolments made before per-purpose keys (sealed under JWT_SECRET) working', async () => {
    const admin = await createMember(t.database.db, { isAdmin: true });
    const secret = randomBytes(20);
    const recoveryCode = 'abcde-fghjk';
    // Sealed as the versions before this one sealed: a key derived from JWT_SECRET, no key id.
    const iv = randomBytes(12);
    const cipher = createCipheriv(
      'aes-256-gcm',
      Buffer.from(hkdfSync('sha256', master, 'uplink', 'admin-totp secret at rest', 32)),
      iv,
    );
    cipher.setAAD(Buffer.from(admin.id));
    const ciphertext = Buffer.concat([cipher.update(secret), cipher.final()]);
    await t.database.db
      .insertInto('admin_totp')
      .values({
        user_id: admin.id,
        secret_sealed: Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString('base64'),
        created_at: new Date(),
        enrolled_at: new Date(),
      })
      .execute();
    await t.database.db
      .insertInto('admin_totp_recovery_codes')
      .values({
        user_id: admin.id,
        code_hash: createHmac('sha256', master)
          .update(`admin-recovery-code:${admin.id}:${recoveryCode.replace('-', '')}`)
          .digest('hex'),
      })
      .execute();

    const upgraded = await serverWith();
    const authenticator = new TOTP({ secret: new Secret({ buffer: new Uint8Array(secret).buffer }) });
    expect((await signInWithSecondFactor(upgraded, admin.email, authenticator.generate())).statusCode).toBe(200);
    expect((await signInWithSecondFactor(upgraded, admin.email, recoveryCode)).statusCode).toBe(200);
  });

  it('ends the sessions from before per-purpose keys: a token signed with JWT_SECRET itself is refused', async () => {
    const member = await createMember(t.database.db);
    const legacy = await new SignJWT({ sv: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(member.id)
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode(master));
    expect((await profile(await serverWith(), legacy)).statusCode).toBe(401);
  });
});
