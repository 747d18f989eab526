import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createMember,
  fundedMember,
  registrationBody,
  requestedWithdrawal,
  signIn,
  storedWithdrawalStatus,
  strongPassword,
  uniqueEmail,
} from '../testing/builders';
import { createTestApp, type TestApp } from '../testing/test-app';

const nul = '\u0000';
const bell = '\u0007';
/** RIGHT-TO-LEFT OVERRIDE: makes "Ada\u202Egnp.exe" read as "Adaexe.png". */
const bidiOverride = '\u202E';
const zeroWidthSpace = '\u200B';

interface HostileCall {
  label: string;
  method: 'GET' | 'POST' | 'PUT';
  url: string;
  payload?: Record<string, unknown>;
  signedIn?: boolean;
  asAdministrator?: boolean;
}

/**
 * Every text field a client can send, each with a character PostgreSQL cannot store (NUL) or a
 * person cannot see (bidi overrides, bells): all refused with VALIDATION_ERROR, never a 500.
 */
describe('control and invisible characters in request text', () => {
  let t: TestApp;
  let sponsorCode: string;
  let token: string;
  let administratorToken: string;
  let memberId: string;
  beforeAll(async () => {
    t = await createTestApp();
    sponsorCode = (await createMember(t.database.db)).referral_code;
    const member = await createMember(t.database.db);
    memberId = member.id;
    token = await signIn(t.app, member.email);
    administratorToken = await signIn(t.app, (await createMember(t.database.db, { isAdmin: true })).email);
  });
  afterAll(() => t?.close());

  const register = (overrides: Record<string, unknown>) => registrationBody(sponsorCode, overrides);
  const calls = (): HostileCall[] => [
    {
      label: 'a NUL in the first name',
      method: 'POST',
      url: '/api/users/register',
      payload: register({ firstName: `Ada${nul}` }),
    },
    {
      label: 'a NUL in the last name',
      method: 'POST',
      url: '/api/users/register',
      payload: register({ lastName: `${nul}x` }),
    },
    {
      label: 'a bidi override in the first name',
      method: 'POST',
      url: '/api/users/register',
      payload: register({ firstName: `Ada${bidiOverride}gnp.exe` }),
    },
    {
      label: 'a bell in the last name',
      method: 'POST',
      url: '/api/users/register',
      payload: register({ lastName: `Love${bell}lace` }),
    },
    {
      label: 'a zero-width space in the first name',
      method: 'POST',
      url: '/api/users/register',
      payload: register({ firstName: 'Ad\u200Ba' }),
    },
    {
      label: 'a NUL in the referral code',
      method: 'POST',
      url: '/api/users/register',
      payload: register({ referredByCode: `${sponsorCode.slice(0, 4)}${nul}${sponsorCode.slice(4)}` }),
    },
    {
      label: 'a NUL in the registration e-mail',
      method: 'POST',
      url: '/api/users/register',
      payload: register({ email: `a${nul}b@example.test` }),
    },
    {
      label: 'a NUL in the registration password',
      method: 'POST',
      url: '/api/users/register',
      payload: register({ password: `${strongPassword}${nul}` }),
    },
    {
      label: 'a NUL in the sign-in e-mail',
      method: 'POST',
      url: '/api/users/login',
      payload: { email: `${nul}${uniqueEmail()}`, password: strongPassword },
    },
    {
      label: 'a NUL in the sign-in password',
      method: 'POST',
      url: '/api/users/login',
      payload: { email: uniqueEmail(), password: `pass${nul}word` },
    },
    {
      label: 'a NUL in the forgot-password e-mail',
      method: 'POST',
      url: '/api/users/forgot-password',
      payload: { email: `x${nul}@example.test` },
    },
    {
      label: 'a NUL in the resend e-mail',
      method: 'POST',
      url: '/api/users/resend-verification-email',
      payload: { email: `x${nul}@example.test` },
    },
    {
      label: 'a NUL in a verification token',
      method: 'POST',
      url: '/api/users/verify-email',
      payload: { token: `abc${nul}` },
    },
    {
      label: 'a NUL in a reset token',
      method: 'POST',
      url: '/api/users/reset-password',
      payload: { token: `abc${nul}`, newPassword: strongPassword, confirmPassword: strongPassword },
    },
    {
      label: 'a NUL in a new password (reset)',
      method: 'POST',
      url: '/api/users/reset-password',
      payload: { token: 'abc', newPassword: `Sunny!Day42${nul}`, confirmPassword: `Sunny!Day42${nul}` },
    },
    {
      label: 'a NUL in the current password',
      method: 'PUT',
      url: '/api/users/change-password',
      signedIn: true,
      payload: {
        currentPassword: `${strongPassword}${nul}`,
        newPassword: 'Fresh!Start77',
        confirmPassword: 'Fresh!Start77',
      },
    },
    {
      label: 'a bidi override in a new password',
      method: 'PUT',
      url: '/api/users/change-password',
      signedIn: true,
      payload: {
        currentPassword: strongPassword,
        newPassword: `Fresh!Start77${bidiOverride}`,
        confirmPassword: `Fresh!Start77${bidiOverride}`,
      },
    },
    {
      label: 'a NUL in the BingX UID',
      method: 'PUT',
      url: '/api/users/bingx-uid',
      signedIn: true,
      payload: { bingXUID: `10000001${nul}` },
    },
    ...[
      '/api/users/admin/all',
      '/api/users/admin/reports',
      '/api/rewards/admin/all',
      '/api/withdrawals/admin/all',
      `/api/withdrawals/admin/user/${memberId}`,
    ].flatMap((path) =>
      ['%00', encodeURIComponent(bidiOverride), encodeURIComponent(zeroWidthSpace)].map((character) => ({
        label: `${character} in the search of ${path}`,
        method: 'GET' as const,
        url: `${path}?search=ab${character}cd`,
        asAdministrator: true,
      })),
    ),
    ...['actor', 'targetId'].map((filter) => ({
      label: `a NUL in the audit log's ${filter}`,
      method: 'GET' as const,
      url: `/api/admin/audit-log?${filter}=x%00`,
      asAdministrator: true,
    })),
    { label: 'a NUL in the mailbox query', method: 'GET', url: '/api/dev/mailbox?to=a%00b@example.test' },
    { label: 'a NUL in the mailbox page query', method: 'GET', url: '/dev/mailbox?to=%00' },
    {
      label: 'a NUL in the demo-pay e-mail',
      method: 'POST',
      url: '/api/dev/demo-pay',
      payload: { email: `x${nul}@example.test` },
    },
    {
      label: 'a NUL in the demo-pay amount',
      method: 'POST',
      url: '/api/dev/demo-pay',
      payload: { email: 'x@example.test', amount: `10${nul}` },
    },
  ];

  it('refuses each with 400 VALIDATION_ERROR', async () => {
    const answers = [];
    for (const call of calls()) {
      const response = await t.app.inject({
        method: call.method,
        url: call.url,
        payload: call.payload,
        headers: call.asAdministrator ? bearer(administratorToken) : call.signedIn ? bearer(token) : {},
      });
      answers.push({ call: call.label, status: response.statusCode, errorCode: response.json().errorCode });
    }
    expect(answers).toEqual(calls().map((call) => ({ call: call.label, status: 400, errorCode: 'VALIDATION_ERROR' })));
  });

  it.each([
    ['a NUL', nul],
    ['a bidi override', bidiOverride],
    ['a zero-width space', zeroWidthSpace],
  ])("refuses a decision's reason with %s; the withdrawal stays pending", async (_, character) => {
    const member = await fundedMember(t.database.db, '50');
    const withdrawalId = await requestedWithdrawal(t, member, 20);
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/withdrawals/${withdrawalId}`,
      headers: bearer(administratorToken),
      payload: { status: 'REJECTED', reason: `Fraud${character} suspected` },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      errorCode: 'VALIDATION_ERROR',
      data: { errors: [{ field: 'reason', message: 'Reason must not contain control or invisible characters' }] },
    });
    expect(await storedWithdrawalStatus(t.database.db, withdrawalId)).toBe('PENDING');
  });

  it('names the field and says what is wrong', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/users/register',
      payload: register({ firstName: `Ada${bidiOverride}` }),
    });
    expect(response.json().data.errors).toEqual([
      { field: 'firstName', message: 'First name must not contain control or invisible characters' },
    ]);
  });

  it('stores nothing for a refused registration', async () => {
    const body = register({ firstName: `Ada${nul}` });
    await t.app.inject({ method: 'POST', url: '/api/users/register', payload: body });
    const stored = await t.database.db.selectFrom('users').select('id').where('email', '=', body.email).execute();
    expect(stored).toHaveLength(0);
  });

  it('still accepts names in any script, with accents, apostrophes and spaces', async () => {
    for (const [firstName, lastName] of [
      ['Zoë Anne-Marie', "O'Brien"],
      ['Ελένη', 'Παπαδοπούλου'],
      ['美咲', '佐藤'],
      ['محمد', 'الأحمد'],
    ]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/users/register',
        payload: register({ firstName, lastName }),
      });
      expect({ firstName, status: response.statusCode }).toEqual({ firstName, status: 201 });
    }
  });
});
