import { HDNodeWallet } from 'ethers';
import { describe, expect, it } from 'vitest';
import { sponsorTestAppForFile } from '../../testing/app-for-file';
import {
  answersUnderRateLimits,
  appWithSettings,
  createMember,
  mailTo,
  registrationBody,
  statusesOf,
  strongPassword,
  uniqueEmail,
} from '../../testing/builders';

describe('register', () => {
  const { t, sponsor } = sponsorTestAppForFile();

  const register = (payload: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/users/register', payload: payload as object });

  it('creates an unverified member under the sponsor, with a deposit address and a verification mail', async () => {
    const body = registrationBody(sponsor.referral_code.toLowerCase(), {
      email: uniqueEmail('Mixed.Case').toUpperCase(),
    });
    const response = await register(body);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      success: true,
      message: 'Registration successful! Please check your email to verify your account.',
      data: { email: body.email.toLowerCase(), firstName: 'Grace', lastName: 'Hopper' },
      error: null,
      errorCode: null,
      requiresVerification: true,
    });

    const member = await t.database.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', body.email.toLowerCase())
      .executeTakeFirstOrThrow();
    expect(member.is_email_verified).toBe(false);
    expect(member.sponsor_id).toBe(sponsor.id);
    expect(member.password_hash).toMatch(/^\$argon2id\$/);
    expect(member.referral_code).toMatch(/^[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{8}$/);
    expect(member.deposit_address).toBe(
      HDNodeWallet.fromExtendedKey(t.config.depositXpub).deriveChild(Number(member.seq)).address,
    );
    const closure = await t.database.db
      .selectFrom('referral_closure')
      .select(['ancestor_id', 'depth'])
      .where('descendant_id', '=', member.id)
      .execute();
    expect(closure).toEqual([{ ancestor_id: sponsor.id, depth: 1 }]);

    const mails = await mailTo(t.database.db, member.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('Verify your Uplink email address');
    expect(mails[0]?.text).toMatch(/http:\/\/uplink\.test\/verify-email\?token=[A-Za-z0-9_-]{43}/);
  });

  it('places a member of a member two levels below the first sponsor', async () => {
    const middle = await createMember(t.database.db, { sponsorId: sponsor.id });
    const body = registrationBody(middle.referral_code);
    expect((await register(body)).statusCode).toBe(201);
    const closure = await t.database.db
      .selectFrom('referral_closure')
      .innerJoin('users', 'users.id', 'referral_closure.descendant_id')
      .select(['ancestor_id', 'depth'])
      .where('users.email', '=', body.email)
      .orderBy('depth')
      .execute();
    expect(closure).toEqual([
      { ancestor_id: middle.id, depth: 1 },
      { ancestor_id: sponsor.id, depth: 2 },
    ]);
  });

  it('refuses an unknown referral code (invite only)', async () => {
    const body = registrationBody('ZZZZZZZZ');
    const response = await register(body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, errorCode: 'INVALID_REFERRAL_CODE' });
    expect(await mailTo(t.database.db, body.email)).toHaveLength(0);
  });

  it('refuses an e-mail that is already registered, whatever its case', async () => {
    const existing = await createMember(t.database.db);
    const response = await register(registrationBody(sponsor.referral_code, { email: existing.email.toUpperCase() }));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ success: false, errorCode: 'USER_EXISTS' });
  });

  it('lets exactly one of two simultaneous registrations of one e-mail succeed', async () => {
    const email = uniqueEmail('twice');
    const [first, second] = await Promise.all([
      register(registrationBody(sponsor.referral_code, { email })),
      register(registrationBody(sponsor.referral_code, { email: email.toUpperCase() })),
    ]);
    const codes = [first.statusCode, second.statusCode].sort();
    expect(codes).toEqual([201, 409]);
    const loser = first.statusCode === 409 ? first : second;
    expect(loser.json().errorCode).toBe('USER_EXISTS');
    const rows = await t.database.db.selectFrom('users').select('id').where('email', '=', email).execute();
    expect(rows).toHaveLength(1);
  });

  it('answers the spec messages for missing and malformed fields', async () => {
    const response = await register({ email: 'not-an-email', password: 'short', referredByCode: 'abc' });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.errorCode).toBe('VALIDATION_ERROR');
    const messages = body.data.errors.map((error: { message: string }) => error.message);
    expect(messages).toEqual(
      expect.arrayContaining([
        'First name is required',
        'Last name is required',
        'Email is invalid',
        'Password must be at least 8 characters',
        'Referral code must be at least 6 characters',
      ]),
    );
  });

  it('rejects wrong types', async () => {
    const response = await register(registrationBody(sponsor.referral_code, { firstName: 42, password: ['x'] }));
    expect(response.statusCode).toBe(400);
    const fields = response.json().data.errors.map((error: { field: string }) => error.field);
    expect(fields).toEqual(expect.arrayContaining(['firstName', 'password']));
  });

  it('ignores unknown fields: nobody can register as an administrator or pre-verified', async () => {
    const body = registrationBody(sponsor.referral_code, {
      isAdmin: true,
      is_admin: true,
      isEmailVerified: true,
      status: 'LOCKED',
    });
    expect((await register(body)).statusCode).toBe(201);
    const member = await t.database.db
      .selectFrom('users')
      .select(['is_admin', 'is_email_verified', 'status'])
      .where('email', '=', body.email)
      .executeTakeFirstOrThrow();
    expect(member).toEqual({ is_admin: false, is_email_verified: false, status: 'ACTIVE' });
  });

  it('stores names with SQL and HTML verbatim and escapes them in the mail', async () => {
    const firstName = `Robert'); DROP TABLE users;--`;
    const lastName = '<img src=x onerror=alert(1)>';
    const body = registrationBody(sponsor.referral_code, { firstName: `<b>${firstName}</b>`, lastName });
    expect((await register(body)).statusCode).toBe(201);
    const member = await t.database.db
      .selectFrom('users')
      .select(['first_name', 'last_name'])
      .where('email', '=', body.email)
      .executeTakeFirstOrThrow();
    expect(member).toEqual({ first_name: `<b>${firstName}</b>`, last_name: lastName });
    const [mail] = await mailTo(t.database.db, body.email);
    expect(mail?.html).toContain('Hello &lt;b&gt;Robert&#39;); DROP TABLE users;--&lt;/b&gt;,');
    expect(mail?.html).not.toContain('<b>Robert');
    expect(mail?.text).toContain(`Hello <b>${firstName}</b>,`);
  });

  it('refuses a body over 64 KiB', async () => {
    const response = await register(registrationBody(sponsor.referral_code, { firstName: 'x'.repeat(70 * 1024) }));
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ success: false, errorCode: 'PAYLOAD_TOO_LARGE' });
  });

  it('creates nothing when the deposit address cannot be derived', async () => {
    const broken = await appWithSettings(t, { depositXpub: 'xpub-not-a-key' });
    try {
      const body = registrationBody(sponsor.referral_code);
      const response = await broken.inject({ method: 'POST', url: '/api/users/register', payload: body });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toMatchObject({ success: false, errorCode: 'WALLET_CREATION_FAILED' });
      const users = await t.database.db.selectFrom('users').select('id').where('email', '=', body.email).execute();
      expect(users).toHaveLength(0);
      expect(await mailTo(t.database.db, body.email)).toHaveLength(0);
    } finally {
      await broken.close();
    }
  });

  it('limits registrations per address (429 RATE_LIMITED)', async () => {
    const payload = registrationBody('ZZZZZZZZ', { password: strongPassword });
    const answers = await answersUnderRateLimits(
      t,
      { authPerMinute: 2, mailPerMinute: 2 },
      Array.from({ length: 3 }, () => ({ method: 'POST' as const, url: '/api/users/register', payload })),
    );
    expect(statusesOf(answers)).toEqual([400, 400, 429]);
    expect(answers[2]?.json()).toMatchObject({ success: false, errorCode: 'RATE_LIMITED' });
  });
});
