import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createMember, signIn, strongPassword } from '../testing/builders';
import { createTestApp, type TestApp } from '../testing/test-app';
import { callerAccount, callerCredentials } from './caller-view';

/** One call per caller view: credentials, the whole account, the profile's and the tree's. */
const callsByView = [
  { view: 'credentials', method: 'GET', url: '/api/users/referrals/history' },
  { view: 'account', method: 'GET', url: '/api/subscription/payment-details' },
  { view: 'member-profile', method: 'GET', url: '/api/users/profile' },
  { view: 'referral-tree', method: 'GET', url: '/api/users/referral-tree' },
] as const;

const invalidSession = {
  success: false,
  message: 'Invalid or expired token',
  data: null,
  error: 'Invalid or expired token',
  errorCode: 'UNAUTHORIZED',
};

describe('the caller view a route reads with the session check', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  const answersOf = (token: string) =>
    Promise.all(
      callsByView.map(async (call) => {
        const response = await t.app.inject({ method: call.method, url: call.url, headers: bearer(token) });
        return { view: call.view, status: response.statusCode, body: response.json() };
      }),
    );

  it('serves an active member through every view', async () => {
    const member = await createMember(t.database.db);
    const answers = await answersOf(await signIn(t.app, member.email));
    expect(answers.map(({ view, status }) => ({ view, status }))).toEqual(
      callsByView.map(({ view }) => ({ view, status: 200 })),
    );
  });

  it('refuses, through every view, the sessions opened before a password change at their next call', async () => {
    const member = await createMember(t.database.db);
    const before = await signIn(t.app, member.email);
    const changed = await t.app.inject({
      method: 'PUT',
      url: '/api/users/change-password',
      headers: bearer(before),
      payload: { currentPassword: strongPassword, newPassword: 'Fresh!Start77', confirmPassword: 'Fresh!Start77' },
    });
    expect(changed.statusCode).toBe(200);
    for (const answer of await answersOf(before)) {
      expect(answer).toEqual({ view: answer.view, status: 401, body: invalidSession });
    }
    const after = changed.json().data.token as string;
    expect((await answersOf(after)).every((answer) => answer.status === 200)).toBe(true);
  });

  it('refuses, through every view, the session of a member an administrator deleted', async () => {
    const admin = await createMember(t.database.db, { isAdmin: true });
    const member = await createMember(t.database.db);
    const token = await signIn(t.app, member.email);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/users/admin/${member.id}`,
      headers: bearer(await signIn(t.app, admin.email)),
    });
    expect(deleted.statusCode).toBe(200);
    for (const answer of await answersOf(token)) {
      expect(answer).toEqual({ view: answer.view, status: 401, body: invalidSession });
    }
  });

  it('refuses to hand a route a view it did not declare', () => {
    const request = { callerView: callerCredentials, routeOptions: { url: '/api/example' } } as FastifyRequest;
    expect(() => callerAccount.of(request)).toThrow('/api/example does not declare caller view account');
  });
});
