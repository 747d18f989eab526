import { randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { expect } from 'vitest';
import type { CodeHolderRow, UserRow } from '../db/schema';
import { creditSubscriptions } from '../modules/subscription/subscription-crediting';
import {
  creditReward,
  linkedMemberColumns,
  receivedSubscriptionTransfer,
  registrationBody,
  sessionHeaders,
  uniqueUid,
  verifiedWithdrawalCodes,
} from './builders';
import type { TestApp } from './test-app';

// What the risk rules' tests do the way a member does it: register, pay the subscription, withdraw.

/** A wallet address nobody used before: a wallet of its own. */
export const freshAddress = () => `0x${randomBytes(20).toString('hex')}`;

let clientAddresses = 0;

/** Registers `email` under `sponsor` over the API (201 expected) from `clientAddress`, else a client address of its own: the user row. */
export async function register(
  t: TestApp,
  sponsor: CodeHolderRow,
  email: string,
  clientAddress?: string,
): Promise<UserRow> {
  clientAddresses += 1;
  const answer = await t.app.inject({
    method: 'POST',
    url: '/api/users/register',
    remoteAddress: clientAddress ?? `10.0.${Math.floor(clientAddresses / 250)}.${clientAddresses % 250}`,
    payload: registrationBody(sponsor.referral_code, { email }),
  });
  expect(answer.statusCode, answer.body).toBe(201);
  return t.database.db
    .selectFrom('users')
    .selectAll()
    .where(sql<string>`lower(email)`, '=', email.toLowerCase())
    .executeTakeFirstOrThrow();
}

/** The member's subscription paid from `wallet` at `receivedAt` and credited, as the deposit scanner credits it. */
export async function pay(t: TestApp, member: UserRow, wallet: string, receivedAt = new Date(Date.now() - 1000)) {
  await receivedSubscriptionTransfer(t.database.db, member, receivedAt, wallet);
  expect(await creditSubscriptions(t.database.db, [member.id], t.config, new Date())).toEqual([member.id]);
}

/** Makes `member` one who may withdraw: e-mail verified, exchange linked, subscription paid, `balance` USDT credited. */
export async function readyToWithdraw(t: TestApp, member: UserRow, balance: string): Promise<void> {
  await t.database.db
    .updateTable('users')
    .set({ ...linkedMemberColumns(uniqueUid()), is_email_verified: true })
    .where('id', '=', member.id)
    .execute();
  await creditReward(t.database.db, { beneficiary: member, source: member, amount: balance, type: 'DIRECT' });
}

/** The member asks over the API to withdraw `amount` USDT to `walletAddress`, with a withdrawal code verified: the answer. */
export async function withdraw(
  t: TestApp,
  member: UserRow,
  walletAddress: string,
  amount: number,
): Promise<LightMyRequestResponse> {
  const [otp] = await verifiedWithdrawalCodes(t, member, 1);
  return t.app.inject({
    method: 'POST',
    url: '/api/withdrawals',
    headers: sessionHeaders(t.app, member),
    payload: { amount, walletAddress, asset: 'USDT', otp },
  });
}
