import { Wallet } from 'ethers';
import { describe, expect, it } from 'vitest';
import type { UserRow } from '../../db/schema';
import { testAppForFile } from '../../testing/app-for-file';
import {
  createMember,
  creditReward,
  fundedMember,
  latestWithdrawalCode,
  requestedWithdrawal,
  sessionHeaders,
  statusesOf,
  verifyMailedWithdrawalCode,
} from '../../testing/builders';
import { findLedgerBalance, findLedgerDiscrepancies } from '../ledger/ledger-repository';

describe('a member requests a withdrawal', () => {
  const t = testAppForFile();

  const address = () => Wallet.createRandom().address;
  const headersOf = async (member: UserRow) => sessionHeaders(t.app, member);

  /** Requests and verifies a code the way the screen does; answers the code. */
  async function verifiedCode(member: UserRow) {
    const headers = await headersOf(member);
    await t.app.inject({ method: 'POST', url: '/api/otp/withdrawal/request', headers });
    return verifyMailedWithdrawalCode(t, member, headers);
  }

  async function withdraw(member: UserRow, body: Record<string, unknown>) {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/withdrawals',
      headers: await headersOf(member),
      payload: { asset: 'USDT', ...body },
    });
    return { status: response.statusCode, body: response.json() };
  }

  it('holds the amount on the balance and answers the pending withdrawal', async () => {
    const member = await fundedMember(t.database.db, '100');
    const walletAddress = address();
    const otp = await verifiedCode(member);
    const { status, body } = await withdraw(member, { amount: 25.5, walletAddress, otp });
    expect(status).toBe(200);
    expect(body.data).toMatchObject({
      amount: 25.5,
      walletAddress,
      asset: 'USDT',
      status: 'PENDING',
      transactionHash: null,
      processedAt: null,
    });
    expect(await findLedgerBalance(t.database.db, member.id)).toMatchObject({
      available: '74.50000000',
      debitsPending: '25.50000000',
      creditsPosted: '100.00000000',
    });
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/withdrawals?page=1&limit=50',
      headers: await headersOf(member),
    });
    expect(list.json().data.withdrawals).toEqual([body.data]);
    const one = await t.app.inject({
      method: 'GET',
      url: `/api/withdrawals/${body.data._id}`,
      headers: await headersOf(member),
    });
    expect(one.json().data).toEqual(body.data);
    expect(await findLedgerDiscrepancies(t.database.db)).toEqual([]);
  });

  it('uses a verified code for one withdrawal only', async () => {
    const member = await fundedMember(t.database.db, '100');
    const otp = await verifiedCode(member);
    expect((await withdraw(member, { amount: 1, walletAddress: address(), otp })).status).toBe(200);
    const again = await withdraw(member, { amount: 1, walletAddress: address(), otp });
    expect(again).toMatchObject({ status: 400, body: { errorCode: 'INVALID_OTP' } });
  });

  it('refuses a code that was not verified, and a wrong one', async () => {
    const member = await fundedMember(t.database.db, '100');
    const headers = await headersOf(member);
    await t.app.inject({ method: 'POST', url: '/api/otp/withdrawal/request', headers });
    const otp = await latestWithdrawalCode(t.database.db, member.email);
    expect((await withdraw(member, { amount: 1, walletAddress: address(), otp })).body.errorCode).toBe('INVALID_OTP');
    await t.app.inject({ method: 'POST', url: '/api/otp/withdrawal/verify', headers, payload: { otp } });
    const wrong = String((Number(otp) + 1) % 1_000_000).padStart(6, '0');
    expect((await withdraw(member, { amount: 1, walletAddress: address(), otp: wrong })).body.errorCode).toBe(
      'INVALID_OTP',
    );
    expect((await withdraw(member, { amount: 1, walletAddress: address(), otp })).status).toBe(200);
  });

  it('refuses more than the available balance naming the balance, and keeps the code for a corrected amount', async () => {
    const member = await fundedMember(t.database.db, '1010');
    const otp = await verifiedCode(member);
    await requestedWithdrawal(t, member, 1000);
    expect(await withdraw(member, { amount: 10.01, walletAddress: address(), otp })).toMatchObject({
      status: 400,
      body: {
        errorCode: 'INSUFFICIENT_BALANCE',
        message: 'The amount is more than your available balance (10.00 USDT)',
      },
    });
    for (const [amount, message] of [
      ['5.123', 'Use at most 2 decimals'],
      ['0', 'Enter an amount of at least 0.01 USDT'],
    ]) {
      expect(await withdraw(member, { amount, walletAddress: address(), otp })).toMatchObject({
        status: 400,
        body: { errorCode: 'VALIDATION_ERROR', data: { errors: [{ field: 'amount', message }] } },
      });
    }
    expect((await withdraw(member, { amount: 10, walletAddress: address(), otp })).status).toBe(200);
    expect((await findLedgerBalance(t.database.db, member.id))?.available).toBe('0.00000000');
  });

  it('takes the whole available balance of sub-cent rewards, leaving 0.00 and the remainder carried', async () => {
    const member = await fundedMember(t.database.db, '10.3333');
    await creditReward(t.database.db, {
      beneficiary: member,
      source: member,
      amount: '5.3333',
      type: 'DIRECT',
      cycle: 2,
    });
    await creditReward(t.database.db, {
      beneficiary: member,
      source: member,
      amount: '0.0051',
      type: 'DIRECT',
      cycle: 3,
    });
    // 10.33 + 5.33 + 0.01 (0.0051 + 0.0066 carried) = 15.67; 0.0017 of the exact 15.6717 is carried.
    const headers = await headersOf(member);
    const before = (await t.app.inject({ method: 'GET', url: `/api/rewards/stats/${member.id}`, headers })).json().data;
    expect(before).toMatchObject({ currentBalance: 15.67, totalRewards: 15.67 });
    const otp = await verifiedCode(member);
    expect(await withdraw(member, { amount: '15.6717', walletAddress: address(), otp })).toMatchObject({
      status: 400,
      body: { errorCode: 'VALIDATION_ERROR' },
    });
    expect(await withdraw(member, { amount: 15.68, walletAddress: address(), otp })).toMatchObject({
      status: 400,
      body: { errorCode: 'INSUFFICIENT_BALANCE' },
    });
    expect(await withdraw(member, { amount: before.currentBalance, walletAddress: address(), otp })).toMatchObject({
      status: 200,
      body: { data: { amount: 15.67, status: 'PENDING' } },
    });
    const after = (await t.app.inject({ method: 'GET', url: `/api/rewards/stats/${member.id}`, headers })).json().data;
    expect(after).toMatchObject({ currentBalance: 0, pendingWithdrawals: 15.67 });
    expect((await findLedgerBalance(t.database.db, member.id))?.available).toBe('0.00000000');
    const account = await t.database.db
      .selectFrom('ledger_accounts')
      .select('carry')
      .where('user_id', '=', member.id)
      .executeTakeFirstOrThrow();
    expect(account.carry).toBe('0.00170000');
    expect(await findLedgerDiscrepancies(t.database.db)).toEqual([]);
  });

  it('allows 3 pending withdrawals at once', async () => {
    const member = await fundedMember(t.database.db, '100');
    for (let index = 0; index < 3; index += 1) {
      expect(
        (await withdraw(member, { amount: 1, walletAddress: address(), otp: await verifiedCode(member) })).status,
      ).toBe(200);
    }
    expect(
      await withdraw(member, { amount: 1, walletAddress: address(), otp: await verifiedCode(member) }),
    ).toMatchObject({
      status: 409,
      body: { errorCode: 'TOO_MANY_PENDING_WITHDRAWALS' },
    });
  });

  it('refuses a wallet address already in a pending withdrawal, whatever its case', async () => {
    const walletAddress = address();
    const first = await fundedMember(t.database.db, '100');
    const second = await fundedMember(t.database.db, '100');
    expect((await withdraw(first, { amount: 1, walletAddress, otp: await verifiedCode(first) })).status).toBe(200);
    expect(
      await withdraw(second, {
        amount: 1,
        walletAddress: walletAddress.toLowerCase(),
        otp: await verifiedCode(second),
      }),
    ).toMatchObject({ status: 409, body: { errorCode: 'WALLET_ADDRESS_IN_USE' } });
  });

  it('refuses a member who has not finished onboarding, and a LOCKED member', async () => {
    const unpaid = await createMember(t.database.db);
    const otp = await verifiedCode(unpaid);
    expect(await withdraw(unpaid, { amount: 1, walletAddress: address(), otp })).toMatchObject({
      status: 403,
      body: { errorCode: 'ACCOUNT_NOT_ACTIVE' },
    });
    const locked = await fundedMember(t.database.db, '100');
    const lockedOtp = await verifiedCode(locked);
    await t.database.db.updateTable('users').set({ status: 'LOCKED' }).where('id', '=', locked.id).execute();
    const answer = await withdraw(locked, { amount: 1, walletAddress: address(), otp: lockedOtp });
    expect(answer.body.errorCode).toBe('ACCOUNT_LOCKED');
    expect((await findLedgerBalance(t.database.db, locked.id))?.debitsPending).toBe('0.00000000');
  });

  it.each([
    ['no amount', { walletAddress: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', otp: '123456' }],
    ['a zero amount', { amount: 0, walletAddress: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', otp: '123456' }],
    ['three decimals', { amount: 1.005, walletAddress: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', otp: '123456' }],
    ['a negative amount', { amount: -5, walletAddress: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', otp: '123456' }],
    ['a bad checksum', { amount: 1, walletAddress: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD', otp: '123456' }],
    ['a short address', { amount: 1, walletAddress: '0x5aAeb6053F3E94C9b9A09f3366', otp: '123456' }],
    [
      'another asset',
      { amount: 1, walletAddress: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', otp: '123456', asset: 'BTC' },
    ],
    ['no code', { amount: 1, walletAddress: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed' }],
  ])('answers VALIDATION_ERROR to %s', async (_name, body) => {
    const member = await fundedMember(t.database.db, '100');
    const { status, body: answer } = await withdraw(member, body);
    expect(status).toBe(400);
    expect(answer.errorCode).toBe('VALIDATION_ERROR');
  });

  it("answers 404 for another member's withdrawal: its existence is not revealed", async () => {
    const owner = await fundedMember(t.database.db, '100');
    const { body } = await withdraw(owner, { amount: 1, walletAddress: address(), otp: await verifiedCode(owner) });
    const stranger = await fundedMember(t.database.db, '100');
    for (const id of [body.data._id, '00000000-0000-4000-8000-000000000000', 'nope']) {
      const answer = await t.app.inject({
        method: 'GET',
        url: `/api/withdrawals/${id}`,
        headers: await headersOf(stranger),
      });
      expect(answer.statusCode).toBe(404);
      expect(answer.json().errorCode).toBe('WITHDRAWAL_NOT_FOUND');
    }
    const list = await t.app.inject({ method: 'GET', url: '/api/withdrawals', headers: await headersOf(stranger) });
    expect(list.json().data.withdrawals).toEqual([]);
  });

  it('makes exactly one withdrawal of 50 concurrent requests with one verified code', async () => {
    const member = await fundedMember(t.database.db, '1000');
    const otp = await verifiedCode(member);
    const headers = await headersOf(member);
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        t.app.inject({
          method: 'POST',
          url: '/api/withdrawals',
          headers,
          payload: { amount: 1 + index, walletAddress: address(), asset: 'USDT', otp },
        }),
      ),
    );
    const statuses = statusesOf(answers);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 400)).toHaveLength(49);
    const rows = await t.database.db
      .selectFrom('withdrawals')
      .select('amount')
      .where('user_id', '=', member.id)
      .execute();
    expect(rows).toHaveLength(1);
    expect((await findLedgerBalance(t.database.db, member.id))?.debitsPending).toBe(
      `${Number(rows[0]?.amount).toFixed(8)}`,
    );
  });
});
