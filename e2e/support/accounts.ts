import { type APIRequestContext, expect } from '@playwright/test';
import type { LoginResult, MemberProfile, RegisterRequest } from '@uplink/contract/accounts';
import type { Envelope } from '@uplink/contract/envelope';
import { e2eAdmin } from '../playwright.config';

/** Helpers that reach the accounts API and the dev mailbox directly, to set up browser tests. */

export interface Mail {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  createdAt: string;
}

export type NewMember = Omit<RegisterRequest, 'referredByCode'>;

/** A member nobody has used yet: each test gets its own e-mail address, unless it brings one. */
export function newMember(label: string, email?: string): NewMember {
  const unique = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
  return {
    firstName: 'Ana',
    lastName: `Tester ${label}`,
    email: email ?? `${label}-${unique}@example.com`,
    password: 'Start!Pass123',
  };
}

export async function signInThroughApi(
  request: APIRequestContext,
  credentials: { email: string; password: string },
): Promise<string> {
  const response = await request.post('/api/users/login', { data: credentials });
  const body = (await response.json()) as Envelope<LoginResult>;
  expect(body.success, body.message).toBe(true);
  return body.data.token;
}

/** Puts a password back through the API so later tests can sign in with the usual one. */
export async function restorePassword(
  request: APIRequestContext,
  account: { email: string },
  current: string,
  original: string,
) {
  const token = await signInThroughApi(request, { email: account.email, password: current });
  const response = await request.put('/api/users/change-password', {
    headers: { authorization: `Bearer ${token}` },
    data: { currentPassword: current, newPassword: original, confirmPassword: original },
  });
  expect(response.ok()).toBe(true);
}

/** Referral codes never change: one sign-in per account and worker keeps clear of the sign-in rate limit. */
const referralCodes = new Map<string, string>();

export async function referralCodeOf(
  request: APIRequestContext,
  credentials: { email: string; password: string },
): Promise<string> {
  const known = referralCodes.get(credentials.email);
  if (known) return known;
  const token = await signInThroughApi(request, credentials);
  const response = await request.get('/api/users/profile', { headers: { authorization: `Bearer ${token}` } });
  const body = (await response.json()) as Envelope<MemberProfile>;
  expect(body.success, body.message).toBe(true);
  const code = body.data.referralCode;
  if (code === null)
    throw new Error(`${credentials.email} holds no referral code: only members and the network root do`);
  referralCodes.set(credentials.email, code);
  return code;
}

export async function registerThroughApi(
  request: APIRequestContext,
  member: NewMember,
  referredByCode: string,
): Promise<void> {
  const response = await request.post('/api/users/register', { data: { ...member, referredByCode } });
  const body = (await response.json()) as Envelope<unknown>;
  expect(body.success, body.message).toBe(true);
}

/** The newest e-mail to `to` whose subject matches, waiting for the outbox to receive it. */
export async function latestMail(request: APIRequestContext, to: string, subject: RegExp): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get(`/api/dev/mailbox?to=${encodeURIComponent(to)}`);
        const body = (await response.json()) as Envelope<{ messages: Mail[] }>;
        found = body.data.messages.find((mail) => subject.test(mail.subject));
        return found !== undefined;
      },
      { message: `an e-mail to ${to} with subject ${subject}`, timeout: 15_000 },
    )
    .toBe(true);
  return found as Mail;
}

/** The link of an e-mail that leads to `path` (e.g. /verify-email), as a path the browser can open. */
export function linkIn(mail: Mail, path: string): string {
  const match = mail.text.match(new RegExp(`https?://[^\\s"<>]+${path}\\?token=[^\\s"<>]+`));
  expect(match, `a ${path} link in "${mail.subject}"`).not.toBeNull();
  const url = new URL((match as RegExpMatchArray)[0]);
  return `${url.pathname}${url.search}`;
}

/** A member who registered under `referredByCode` and verified the address from the mailbox. */
export async function createVerifiedMember(
  request: APIRequestContext,
  referredByCode: string,
  label: string,
  email?: string,
): Promise<NewMember> {
  const member = newMember(label, email);
  await registerThroughApi(request, member, referredByCode);
  const mail = await latestMail(request, member.email, /verif/i);
  const token = new URL(linkIn(mail, '/verify-email'), 'http://localhost').searchParams.get('token');
  const response = await request.post('/api/users/verify-email', { data: { token } });
  expect(response.ok()).toBe(true);
  return member;
}

/**
 * Takes a verified member through onboarding over the API: pays the subscription on the local demo
 * chain, waits until the deposit is confirmed, and links a fresh exchange UID (the sandbox exchange
 * treats any unknown UID as eligible).
 */
export async function completeOnboarding(request: APIRequestContext, member: NewMember): Promise<void> {
  const token = await signInThroughApi(request, member);
  const headers = { authorization: `Bearer ${token}` };

  const payment = await request.post('/api/dev/demo-pay', { data: { email: member.email } });
  expect(payment.ok(), await payment.text()).toBe(true);
  await expect
    .poll(
      async () => {
        await request.get('/api/users/refresh-subscription', { headers });
        const profile = (await (
          await request.get('/api/users/profile', { headers })
        ).json()) as Envelope<MemberProfile>;
        return profile.data.subscriptionFee.paid;
      },
      { message: 'the subscription payment to be confirmed', timeout: 45_000, intervals: [1_000] },
    )
    .toBe(true);

  const uid = String(3_000_000_000 + Math.floor(Math.random() * 999_999_999));
  const link = await request.put('/api/users/bingx-uid', { headers, data: { bingXUID: uid } });
  expect(link.ok(), await link.text()).toBe(true);
}

/**
 * A withdrawal of `amount` USDT to `wallet` with the e-mailed code, as the member's dialog asks
 * for it; answers its id.
 */
export async function requestWithdrawalThroughApi(
  request: APIRequestContext,
  member: NewMember,
  { amount, wallet }: { amount: string; wallet: string },
): Promise<string> {
  const headers = { authorization: `Bearer ${await signInThroughApi(request, member)}` };
  expect((await request.post('/api/otp/withdrawal/request', { headers })).ok()).toBe(true);
  const code = (await latestMail(request, member.email, /withdrawal code/)).text.match(/is (\d{6})/)?.[1];
  expect((await request.post('/api/otp/withdrawal/verify', { headers, data: { otp: code } })).ok()).toBe(true);
  const withdrawal = await request.post('/api/withdrawals', {
    headers,
    data: { amount, walletAddress: wallet, asset: 'USDT', otp: code },
  });
  expect(withdrawal.ok(), await withdrawal.text()).toBe(true);
  return (await withdrawal.json()).data._id;
}

/** The exchange UID the member linked during onboarding. */
export async function uidOf(request: APIRequestContext, member: NewMember): Promise<string> {
  const token = await signInThroughApi(request, member);
  const profile = await request.get('/api/users/profile', { headers: { authorization: `Bearer ${token}` } });
  return (await profile.json()).data.bingXUID;
}

/**
 * An onboarded member under the administrator (with `email`, or one of their own) with one onboarded
 * copier under them, and `cycle`
 * run by the administrator from a statement in which the copier paid the master trader
 * `copierMasterAmount` (the member's DOWNLINE reward is its level-1 share).
 */
export async function memberWithPayingCopier(
  request: APIRequestContext,
  {
    label,
    cycle,
    copierMasterAmount,
    email,
  }: { label: string; cycle: number; copierMasterAmount: number; email?: string },
): Promise<{ member: NewMember; copier: NewMember }> {
  const member = await createVerifiedMember(request, await referralCodeOf(request, e2eAdmin), label, email);
  await completeOnboarding(request, member);
  const copier = await createVerifiedMember(request, await referralCodeOf(request, member), `${label}-copier`);
  await completeOnboarding(request, copier);
  const adminToken = await signInThroughApi(request, e2eAdmin);
  const run = await request.post('/api/rewards/admin/cycles', {
    headers: { authorization: `Bearer ${adminToken}` },
    data: {
      cycle,
      entries: [
        { bingXUID: await uidOf(request, member), masterAmount: 0 },
        { bingXUID: await uidOf(request, copier), masterAmount: copierMasterAmount },
      ],
    },
  });
  expect(run.ok(), await run.text()).toBe(true);
  // A cycle another spec already ran would write nothing for these members.
  expect((await run.json()).data.outcome, `cycle ${cycle} must be this spec's own`).toBe('DISTRIBUTED');
  return { member, copier };
}
