import type { UserStatus } from '@uplink/contract/constants';
import { describe, expect, it } from 'vitest';
import { testAppForFile } from '../../testing/app-for-file';
import { bearer, createMember, signIn, strongPassword } from '../../testing/builders';

/** Every call that needs a session, with a body it would accept from an active member. */
const authenticatedCalls = [
  { method: 'GET', url: '/api/users/profile' },
  { method: 'PUT', url: '/api/users/bingx-uid', payload: { bingXUID: '10000001' } },
  { method: 'GET', url: '/api/users/refresh-subscription' },
  { method: 'GET', url: '/api/subscription/payment-details' },
  {
    method: 'PUT',
    url: '/api/users/change-password',
    payload: { currentPassword: strongPassword, newPassword: 'Fresh!Start77', confirmPassword: 'Fresh!Start77' },
  },
  { method: 'POST', url: '/api/users/send-verification-email', payload: {} },
  { method: 'GET', url: '/api/users/referrals/history' },
  { method: 'GET', url: '/api/users/referral-tree' },
] as const;

describe('the open session of a member whose account is locked or disabled', () => {
  const t = testAppForFile();

  async function sessionThenStatus(status: UserStatus) {
    const member = await createMember(t.database.db);
    const token = await signIn(t.app, member.email);
    await t.database.db.updateTable('users').set({ status }).where('id', '=', member.id).execute();
    return { member, token };
  }

  it.each([
    ['LOCKED', 423, 'ACCOUNT_LOCKED', 'Your account is locked. Please contact support.'],
    ['DISABLED', 403, 'ACCOUNT_DISABLED', 'Your account is disabled. Please contact support.'],
  ] as const)(
    'ends at once when the account becomes %s: every call answers %i %s',
    async (status, code, errorCode, message) => {
      const { member, token } = await sessionThenStatus(status);
      for (const call of authenticatedCalls) {
        const response = await t.app.inject({ ...call, headers: bearer(token) });
        expect({ url: call.url, status: response.statusCode }).toEqual({ url: call.url, status: code });
        expect(response.json()).toEqual({ success: false, message, data: null, error: message, errorCode });
      }
      const row = await t.database.db
        .selectFrom('users')
        .select(['password_hash', 'bingx_uid'])
        .where('id', '=', member.id)
        .executeTakeFirstOrThrow();
      expect(row.bingx_uid).toBeNull();
      expect(row.password_hash).toBe(member.password_hash);
    },
  );

  it('answers sign-in of a locked member with the same status and code as their session (423 ACCOUNT_LOCKED)', async () => {
    const { member } = await sessionThenStatus('LOCKED');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: member.email, password: strongPassword },
    });
    expect(response.statusCode).toBe(423);
    expect(response.json().errorCode).toBe('ACCOUNT_LOCKED');
  });
});
