import { rolePermissions } from '@uplink/contract/admin-roles';
import { describe, expect, it } from 'vitest';
import { adminTestAppForFile } from '../../testing/app-for-file';
import {
  answersUnderRateLimits,
  bearer,
  mailTo,
  registrationBody,
  signIn,
  statusesOf,
  strongPassword,
  tokenFromLatestMail,
  uniqueEmail,
} from '../../testing/builders';

describe('an invited administrator accepts the invitation', () => {
  const { t, admin: owner, adminHeaders: headers } = adminTestAppForFile();

  /** An invitation sent through the API; answers the token of its mailed link. */
  async function invited(role = 'SUPPORT', email = uniqueEmail('invited')) {
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/admin/team/invitations',
      headers,
      payload: { email, firstName: 'Sam', lastName: 'Port', role },
    });
    expect(answer.statusCode).toBe(201);
    return {
      id: answer.json().data._id as string,
      email,
      token: await tokenFromLatestMail(t.database.db, email, '/admin/invitation'),
    };
  }
  const accept = (payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/admin/team/invitations/accept', payload });
  const withPassword = (token: string) => ({ token, password: strongPassword, confirmPassword: strongPassword });

  it('makes an administrator of the role who signs in, with the role and its permissions on the profile', async () => {
    const { email, token } = await invited('SUPPORT');
    const answer = await accept(withPassword(token));
    expect(answer.statusCode).toBe(200);
    expect(answer.json().data).toEqual({ email });

    const session = bearer(await signIn(t.app, email));
    const profile = (await t.app.inject({ method: 'GET', url: '/api/users/profile', headers: session })).json().data;
    expect(profile).toMatchObject({ isAdmin: true, adminRole: 'SUPPORT', permissions: [...rolePermissions.SUPPORT] });
    expect((await t.app.inject({ method: 'GET', url: '/api/users/admin/all', headers: session })).statusCode).toBe(200);

    const team = (await t.app.inject({ method: 'GET', url: '/api/admin/team', headers })).json().data;
    expect(team.administrators).toContainEqual(
      expect.objectContaining({
        email,
        role: 'SUPPORT',
        status: 'ACTIVE',
        totpEnabled: false,
        invitedBy: expect.objectContaining({ _id: owner.id }),
      }),
    );
    expect(team.invitations.map((invitation: { email: string }) => invitation.email)).not.toContain(email);
    const [notice] = await mailTo(t.database.db, owner.email);
    expect(notice?.text).toContain(`(${email}) accepted the invitation and joined the team as Support`);
  });

  it('makes no member of them: no referral code, no deposit address, no sponsor; an admin- code is unknown', async () => {
    const { email, token } = await invited('FINANCE');
    expect((await accept(withPassword(token))).statusCode).toBe(200);
    const administrator = await t.database.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(administrator).toMatchObject({
      is_admin: true,
      referral_code: null,
      deposit_address: null,
      sponsor_id: null,
      invited_by: owner.id,
    });
    // The form the previous release gave invited administrators, within the code's 32 characters.
    const registration = await t.app.inject({
      method: 'POST',
      url: '/api/users/register',
      payload: registrationBody(`admin-${administrator.id}`.slice(0, 32)),
    });
    expect(registration.statusCode).toBe(400);
    expect(registration.json().errorCode).toBe('INVALID_REFERRAL_CODE');
  });

  it('refuses a used, a revoked and an expired link: 400 INVALID_OR_EXPIRED_TOKEN', async () => {
    const used = await invited();
    expect((await accept(withPassword(used.token))).statusCode).toBe(200);
    const revoked = await invited();
    await t.app.inject({ method: 'DELETE', url: `/api/admin/team/invitations/${revoked.id}`, headers });
    const expired = await invited();
    t.clock.set(new Date(Date.now() + 72 * 3_600_000 + 1_000));
    try {
      for (const token of [used.token, revoked.token, expired.token, 'no-such-token']) {
        const answer = await accept(withPassword(token));
        expect({ status: answer.statusCode, code: answer.json().errorCode }).toEqual({
          status: 400,
          code: 'INVALID_OR_EXPIRED_TOKEN',
        });
      }
    } finally {
      t.clock.set(new Date());
    }
    const made = await t.database.db
      .selectFrom('users')
      .select('email')
      .where('email', 'in', [revoked.email, expired.email])
      .execute();
    expect(made).toEqual([]);
  });

  it('holds the password to the reset screen’s rules and leaves the link usable', async () => {
    const { token } = await invited();
    const weak = await accept({ token, password: 'short', confirmPassword: 'short' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().errorCode).toBe('VALIDATION_ERROR');
    expect(weak.json().data.errors.map((error: { field: string }) => error.field)).toContain('password');
    const mismatch = await accept({ token, password: strongPassword, confirmPassword: `${strongPassword}x` });
    expect(mismatch.json().data.errors).toEqual([
      { field: 'confirmPassword', message: 'Password confirmation does not match new password.' },
    ]);
    const missing = await accept({ password: strongPassword, confirmPassword: strongPassword });
    expect(missing.json().errorCode).toBe('TOKEN_REQUIRED');
    expect((await accept(withPassword(token))).statusCode).toBe(200);
  });

  it('refuses an address that registered since the invitation: 409 USER_EXISTS', async () => {
    const { email, token } = await invited();
    const registered = await t.app.inject({
      method: 'POST',
      url: '/api/users/register',
      payload: registrationBody(owner.referral_code, { email }),
    });
    expect(registered.statusCode).toBe(201);
    const answer = await accept(withPassword(token));
    expect({ status: answer.statusCode, code: answer.json().errorCode }).toEqual({ status: 409, code: 'USER_EXISTS' });
  });

  it('is rate-limited like the other public sign-in routes (429)', async () => {
    const answers = await answersUnderRateLimits(
      t,
      { authPerMinute: 3, mailPerMinute: 3 },
      Array.from({ length: 4 }, () => ({
        method: 'POST' as const,
        url: '/api/admin/team/invitations/accept',
        payload: withPassword('guessed-token'),
      })),
    );
    expect(statusesOf(answers)).toEqual([400, 400, 400, 429]);
  });
});
