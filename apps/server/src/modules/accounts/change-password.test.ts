import { describe, expect, it } from 'vitest';
import { testAppForFile } from '../../testing/app-for-file';
import {
  answersUnderRateLimits,
  bearer,
  createMember,
  signIn,
  statusesOf,
  strongPassword,
} from '../../testing/builders';

const newPassword = 'Fresh!Start77';

describe('change password', () => {
  const t = testAppForFile();

  async function signedIn() {
    const member = await createMember(t.database.db);
    return { member, token: await signIn(t.app, member.email) };
  }
  const change = (token: string | undefined, payload: unknown) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/users/change-password',
      headers: token ? bearer(token) : {},
      payload: payload as object,
    });

  it('replaces the password of the signed-in member', async () => {
    const { member, token } = await signedIn();
    const response = await change(token, {
      currentPassword: strongPassword,
      newPassword,
      confirmPassword: newPassword,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      message: 'Password changed successfully!',
      data: { token: expect.any(String) },
      error: null,
      errorCode: null,
    });
    await expect(signIn(t.app, member.email, strongPassword)).rejects.toThrow();
    expect(await signIn(t.app, member.email, newPassword)).toBeTruthy();
  });

  it('ends every other session and continues this one with the new token', async () => {
    const { member, token } = await signedIn();
    const otherDevice = await signIn(t.app, member.email);
    const response = await change(token, {
      currentPassword: strongPassword,
      newPassword,
      confirmPassword: newPassword,
    });
    const renewed: string = response.json().data.token;

    const profile = (bearerToken: string) =>
      t.app.inject({ method: 'GET', url: '/api/users/profile', headers: bearer(bearerToken) });
    for (const stale of [token, otherDevice]) {
      const refused = await profile(stale);
      expect(refused.statusCode).toBe(401);
      expect(refused.json().errorCode).toBe('UNAUTHORIZED');
    }
    expect((await profile(renewed)).json().data.email).toBe(member.email);
  });

  it('checks the spec rules in order', async () => {
    const { token } = await signedIn();
    const cases: [Record<string, string>, string][] = [
      [{ currentPassword: '', newPassword, confirmPassword: newPassword }, 'Please fill in all password fields'],
      [{ currentPassword: strongPassword, newPassword, confirmPassword: 'Other!Pass1' }, 'New passwords do not match'],
      [
        { currentPassword: strongPassword, newPassword: 'Ab1!', confirmPassword: 'Ab1!' },
        'New password must be at least 8 characters long',
      ],
      [
        { currentPassword: strongPassword, newPassword: 'alllowercase1!', confirmPassword: 'alllowercase1!' },
        'Password must contain at least one uppercase letter, one lowercase letter, one number, and one special character',
      ],
      [
        { currentPassword: strongPassword, newPassword: 'Has Space1!', confirmPassword: 'Has Space1!' },
        'Password must contain at least one uppercase letter, one lowercase letter, one number, and one special character',
      ],
    ];
    for (const [payload, message] of cases) {
      const response = await change(token, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        errorCode: 'VALIDATION_ERROR',
        message,
        data: { errors: [{ message }] },
      });
    }
  });

  it('answers CURRENT_PASSWORD_INCORRECT for a wrong current password', async () => {
    const { token } = await signedIn();
    const response = await change(token, { currentPassword: 'Wrong!Pass1', newPassword, confirmPassword: newPassword });
    expect(response.statusCode).toBe(400);
    expect(response.json().errorCode).toBe('CURRENT_PASSWORD_INCORRECT');
  });

  it('answers SAME_PASSWORD_ERROR when the new password is the current one', async () => {
    const { token } = await signedIn();
    const response = await change(token, {
      currentPassword: strongPassword,
      newPassword: strongPassword,
      confirmPassword: strongPassword,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errorCode).toBe('SAME_PASSWORD_ERROR');
  });

  const storedHash = async (id: string) =>
    (await t.database.db.selectFrom('users').select('password_hash').where('id', '=', id).executeTakeFirstOrThrow())
      .password_hash;

  it('counts wrong current passwords toward the sign-in cool-down; during it even the right one is refused', async () => {
    const { member, token } = await signedIn();
    const statuses = [];
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const response = await change(token, {
        currentPassword: `Wrong!Pass${attempt}`,
        newPassword,
        confirmPassword: newPassword,
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 423]);
    const right = await change(token, { currentPassword: strongPassword, newPassword, confirmPassword: newPassword });
    expect(right.statusCode).toBe(423);
    expect(right.json()).toMatchObject({ success: false, errorCode: 'ACCOUNT_LOCKED' });
    expect(await storedHash(member.id)).toBe(member.password_hash);
    // One cool-down for the account: sign-in is refused as well.
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: member.email, password: strongPassword },
    });
    expect(login.statusCode).toBe(423);
  });

  it('holds the cool-down under a burst of wrong current passwords with the right one last', async () => {
    const { member, token } = await signedIn();
    const answers = await Promise.all([
      ...Array.from({ length: 29 }, (_, attempt) =>
        change(token, { currentPassword: `Wrong!Pass${attempt}`, newPassword, confirmPassword: newPassword }),
      ),
      change(token, { currentPassword: strongPassword, newPassword, confirmPassword: newPassword }),
    ]);
    expect(answers[29]?.statusCode).toBe(423);
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(0);
    expect(answers.filter((answer) => answer.json().errorCode === 'CURRENT_PASSWORD_INCORRECT')).toHaveLength(4);
    expect(await storedHash(member.id)).toBe(member.password_hash);
  });

  it('limits change-password calls per member (429), however the Authorization header is spelt', async () => {
    const { token } = await signedIn();
    const spellings = [`Bearer ${token}`, `bearer ${token}`, `Bearer  ${token}`, `BEARER ${token}`];
    const answers = await answersUnderRateLimits(
      t,
      { authPerMinute: 3, mailPerMinute: 3 },
      spellings.map((authorization) => ({
        method: 'PUT',
        url: '/api/users/change-password',
        headers: { authorization },
        payload: { currentPassword: strongPassword, newPassword: strongPassword, confirmPassword: strongPassword },
      })),
    );
    expect(statusesOf(answers)).toEqual([400, 400, 400, 429]);
  });

  it('needs a session', async () => {
    const response = await change(undefined, {
      currentPassword: strongPassword,
      newPassword,
      confirmPassword: newPassword,
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().errorCode).toBe('UNAUTHORIZED');
  });

  it('rejects wrong types and missing fields', async () => {
    const { token } = await signedIn();
    for (const payload of [{}, { currentPassword: 1, newPassword: true, confirmPassword: null }]) {
      const response = await change(token, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().errorCode).toBe('VALIDATION_ERROR');
    }
  });
});
