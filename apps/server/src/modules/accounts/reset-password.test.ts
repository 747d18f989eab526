import { describe, expect, it } from 'vitest';
import { testAppForFile } from '../../testing/app-for-file';
import {
  composeRequestedMail,
  createMember,
  setSignInAttempts,
  signInAttemptsOf,
  strongPassword,
  tokenFromLatestMail,
} from '../../testing/builders';

const newPassword = 'Brand!New2026';

describe('reset password', () => {
  const t = testAppForFile();

  const reset = (payload: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/users/reset-password', payload: payload as object });
  const login = (email: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/users/login', payload: { email, password } });

  async function resetLink(email: string): Promise<string> {
    await t.app.inject({ method: 'POST', url: '/api/users/forgot-password', payload: { email } });
    await composeRequestedMail(t);
    return tokenFromLatestMail(t.database.db, email, '/reset-password');
  }

  it('sets the new password with the mailed link; the old one stops working', async () => {
    const member = await createMember(t.database.db);
    const token = await resetLink(member.email);
    const response = await reset({ token, newPassword, confirmPassword: newPassword });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ success: true, errorCode: null, data: null });
    expect((await login(member.email, strongPassword)).statusCode).toBe(401);
    expect((await login(member.email, newPassword)).statusCode).toBe(200);
  });

  it('ends the sessions opened with the old password', async () => {
    const member = await createMember(t.database.db);
    const session: string = (await login(member.email, strongPassword)).json().data.token;
    const token = await resetLink(member.email);
    await reset({ token, newPassword, confirmPassword: newPassword });
    const profile = await t.app.inject({
      method: 'GET',
      url: '/api/users/profile',
      headers: { authorization: `Bearer ${session}` },
    });
    expect(profile.statusCode).toBe(401);
  });

  it('uses up the link and every other open reset link of the member', async () => {
    const member = await createMember(t.database.db);
    const older = await resetLink(member.email);
    const newer = await resetLink(member.email);
    expect((await reset({ token: newer, newPassword, confirmPassword: newPassword })).statusCode).toBe(200);
    for (const token of [newer, older]) {
      const again = await reset({ token, newPassword: 'Other!Pass99', confirmPassword: 'Other!Pass99' });
      expect(again.statusCode).toBe(400);
      expect(again.json()).toMatchObject({
        errorCode: 'INVALID_OR_EXPIRED_TOKEN',
        message: 'Password reset token is invalid or has expired. Please request a new password reset.',
      });
    }
  });

  it('lifts a sign-in cool-down', async () => {
    const member = await createMember(t.database.db);
    await setSignInAttempts(t, member.email, { failedAttempts: 5, lockedUntil: new Date(Date.now() + 600_000) });
    expect((await login(member.email, strongPassword)).statusCode).toBe(423);
    const token = await resetLink(member.email);
    expect((await reset({ token, newPassword, confirmPassword: newPassword })).statusCode).toBe(200);
    expect((await login(member.email, newPassword)).statusCode).toBe(200);
    expect(await signInAttemptsOf(t, member.email)).toEqual({ failedAttempts: 0, lockedUntil: null });
  });

  it('refuses an expired link', async () => {
    const member = await createMember(t.database.db);
    const token = await resetLink(member.email);
    await t.database.db
      .updateTable('account_tokens')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('user_id', '=', member.id)
      .execute();
    const response = await reset({ token, newPassword, confirmPassword: newPassword });
    expect(response.json().errorCode).toBe('INVALID_OR_EXPIRED_TOKEN');
  });

  it('answers TOKEN_REQUIRED without a token and INVALID_OR_EXPIRED_TOKEN for an unknown one', async () => {
    const missing = await reset({ newPassword, confirmPassword: newPassword });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errorCode).toBe('TOKEN_REQUIRED');
    const unknown = await reset({ token: 'B'.repeat(43), newPassword, confirmPassword: newPassword });
    expect(unknown.json().errorCode).toBe('INVALID_OR_EXPIRED_TOKEN');
  });

  it('lists every unmet password requirement in data.errors', async () => {
    const member = await createMember(t.database.db);
    const token = await resetLink(member.email);
    const response = await reset({ token, newPassword: 'abc', confirmPassword: 'abc' });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.errorCode).toBe('VALIDATION_ERROR');
    expect(body.data.errors).toEqual([
      { field: 'newPassword', message: 'Password must be at least 8 characters long' },
      { field: 'newPassword', message: 'Password must contain at least one uppercase letter' },
      { field: 'newPassword', message: 'Password must contain at least one number' },
      { field: 'newPassword', message: 'Password must contain at least one special character (@$!%*?&)' },
    ]);
    // A refused attempt leaves the link usable.
    expect((await reset({ token, newPassword, confirmPassword: newPassword })).statusCode).toBe(200);
  });

  it('refuses a confirmation that differs', async () => {
    const member = await createMember(t.database.db);
    const token = await resetLink(member.email);
    const response = await reset({ token, newPassword, confirmPassword: `${newPassword}x` });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      errorCode: 'VALIDATION_ERROR',
      message: 'Password confirmation does not match new password.',
      data: { errors: [{ field: 'confirmPassword', message: 'Password confirmation does not match new password.' }] },
    });
  });

  it('answers ACCOUNT_NOT_ACTIVE for locked and disabled members and keeps their link', async () => {
    for (const status of ['LOCKED', 'DISABLED'] as const) {
      const member = await createMember(t.database.db, { status });
      const token = await resetLink(member.email);
      const response = await reset({ token, newPassword, confirmPassword: newPassword });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({
        errorCode: 'ACCOUNT_NOT_ACTIVE',
        message: 'Your account is not active. Please contact support.',
      });
      await t.database.db.updateTable('users').set({ status: 'ACTIVE' }).where('id', '=', member.id).execute();
      expect((await reset({ token, newPassword, confirmPassword: newPassword })).statusCode).toBe(200);
    }
  });

  it('rejects missing fields and wrong types', async () => {
    for (const payload of [{ token: 'x' }, { token: 'x', newPassword: 1, confirmPassword: 1 }]) {
      const response = await reset(payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().errorCode).toBe('VALIDATION_ERROR');
    }
  });
});
