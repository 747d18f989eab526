import { describe, expect, it } from 'vitest';
import { sponsorTestAppForFile } from '../../testing/app-for-file';
import {
  composeRequestedMail,
  createMember,
  registrationBody,
  strongPassword,
  tokenFromLatestMail,
} from '../../testing/builders';

describe('verify e-mail', () => {
  const { t, sponsor } = sponsorTestAppForFile();

  const verify = (payload: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/users/verify-email', payload: payload as object });

  async function registered() {
    const body = registrationBody(sponsor.referral_code);
    await t.app.inject({ method: 'POST', url: '/api/users/register', payload: body });
    return { email: body.email, token: await tokenFromLatestMail(t.database.db, body.email, '/verify-email') };
  }

  it('verifies the address with the link from the registration mail, after which sign-in works', async () => {
    const { email, token } = await registered();
    const response = await verify({ token });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      message: 'Email verified successfully! You can now sign in.',
      data: null,
      error: null,
      errorCode: null,
    });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email, password: strongPassword },
    });
    expect(login.statusCode).toBe(200);
  });

  it('uses a link once: a second use is INVALID_OR_EXPIRED_TOKEN', async () => {
    const { token } = await registered();
    expect((await verify({ token })).statusCode).toBe(200);
    const again = await verify({ token });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ success: false, errorCode: 'INVALID_OR_EXPIRED_TOKEN' });
  });

  it('lets exactly one of two simultaneous uses of a link succeed', async () => {
    const { token } = await registered();
    const answers = await Promise.all([verify({ token }), verify({ token })]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
  });

  it('refuses an expired link', async () => {
    const { email, token } = await registered();
    await t.database.db
      .updateTable('account_tokens')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('user_id', 'in', t.database.db.selectFrom('users').select('id').where('email', '=', email))
      .execute();
    const response = await verify({ token });
    expect(response.statusCode).toBe(400);
    expect(response.json().errorCode).toBe('INVALID_OR_EXPIRED_TOKEN');
  });

  it('refuses an unknown token and a reset token used as a verification token', async () => {
    expect((await verify({ token: 'A'.repeat(43) })).json().errorCode).toBe('INVALID_OR_EXPIRED_TOKEN');
    const member = await createMember(t.database.db);
    await t.app.inject({ method: 'POST', url: '/api/users/forgot-password', payload: { email: member.email } });
    await composeRequestedMail(t);
    const resetToken = await tokenFromLatestMail(t.database.db, member.email, '/reset-password');
    expect((await verify({ token: resetToken })).json().errorCode).toBe('INVALID_OR_EXPIRED_TOKEN');
  });

  it('answers TOKEN_REQUIRED without a token', async () => {
    for (const payload of [{}, { token: '' }]) {
      const response = await verify(payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ success: false, errorCode: 'TOKEN_REQUIRED' });
    }
  });

  it('rejects a token of the wrong type or size', async () => {
    expect((await verify({ token: 123 })).json().errorCode).toBe('VALIDATION_ERROR');
    expect((await verify({ token: 'x'.repeat(300) })).json().errorCode).toBe('VALIDATION_ERROR');
  });

  it('stores only a hash of the token', async () => {
    const { token } = await registered();
    const stored = await t.database.db.selectFrom('account_tokens').select('token_hash').execute();
    expect(stored.some((row) => row.token_hash === token)).toBe(false);
    expect(stored.every((row) => /^[0-9a-f]{64}$/.test(row.token_hash))).toBe(true);
  });
});
