import { Wallet } from 'ethers';
import { describe, expect, it } from 'vitest';
import type { UserRow } from '../../db/schema';
import { testAppForFile } from '../../testing/app-for-file';
import {
  createMember,
  fundedMember,
  linkedMemberColumns,
  mailTo,
  requestedWithdrawal,
  sessionHeaders,
  uniqueUid,
  verifiedWithdrawalCodes,
  verifyMailedWithdrawalCode,
} from '../../testing/builders';
import { findLedgerBalance } from '../ledger/ledger-repository';

describe('a member asks for a withdrawal code for the withdrawal they filled in', () => {
  const t = testAppForFile();

  const address = () => Wallet.createRandom().address;
  const headersOf = (member: UserRow) => sessionHeaders(t.app, member);
  const requestCode = (member: UserRow, payload?: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/otp/withdrawal/request', headers: headersOf(member), payload });
  const codesOf = async (member: UserRow) => ({
    stored: (await t.database.db.selectFrom('withdrawal_codes').select('id').where('user_id', '=', member.id).execute())
      .length,
    mailed: (await mailTo(t.database.db, member.email)).filter((mail) => mail.subject.includes('withdrawal code'))
      .length,
  });

  /** The code request is refused with `errorCode` and leaves no code stored and no mail. */
  async function expectRefusedWithoutCode(member: UserRow, payload: Record<string, unknown>, errorCode: string) {
    const before = await codesOf(member);
    const answer = await requestCode(member, payload);
    expect(answer.statusCode).toBeGreaterThanOrEqual(400);
    expect(answer.json()).toMatchObject({ success: false, errorCode });
    expect(await codesOf(member)).toEqual(before);
    return answer;
  }

  /** The member withdraws with the code mailed last, verified first as the screen does: the withdrawal's answer. */
  async function withdrawWithMailedCode(member: UserRow, withdrawal: { amount: string; walletAddress: string }) {
    const headers = headersOf(member);
    const otp = await verifyMailedWithdrawalCode(t, member, headers);
    return t.app.inject({
      method: 'POST',
      url: '/api/withdrawals',
      headers,
      payload: { ...withdrawal, asset: 'USDT', otp },
    });
  }

  it('sends the code for a withdrawal that would be accepted, and the code then withdraws it', async () => {
    const member = await fundedMember(t.database.db, '100');
    const walletAddress = address();
    const answer = await requestCode(member, { amount: '40.25', walletAddress });
    expect(answer.statusCode).toBe(200);
    expect(await codesOf(member)).toEqual({ stored: 1, mailed: 1 });
    const created = await withdrawWithMailedCode(member, { amount: '40.25', walletAddress });
    expect(created.statusCode).toBe(200);
  });

  it('still sends a code for the empty body, with or without a JSON content type, and for {}', async () => {
    const member = await fundedMember(t.database.db, '100');
    const bare = await requestCode(member);
    expect(bare.statusCode).toBe(200);
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/otp/withdrawal/request',
      headers: { ...headersOf(member), 'content-type': 'application/json' },
    });
    expect(json.statusCode).toBe(200);
    expect((await requestCode(member, {})).statusCode).toBe(200);
    expect(await codesOf(member)).toEqual({ stored: 3, mailed: 3 });
  });

  it('refuses, with no code, a wallet address already in a pending withdrawal (any letter case)', async () => {
    const other = await fundedMember(t.database.db, '100');
    const walletAddress = address();
    const [otp] = await verifiedWithdrawalCodes(t, other, 1);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/withdrawals',
          headers: headersOf(other),
          payload: { amount: 5, walletAddress, asset: 'USDT', otp },
        })
      ).statusCode,
    ).toBe(200);
    const member = await fundedMember(t.database.db, '100');
    const answer = await expectRefusedWithoutCode(
      member,
      { amount: 5, walletAddress: walletAddress.toLowerCase() },
      'WALLET_ADDRESS_IN_USE',
    );
    expect(answer.statusCode).toBe(409);
  });

  it('refuses, with no code, a member at the limit of pending withdrawals', async () => {
    const member = await fundedMember(t.database.db, '100');
    for (let index = 0; index < t.config.withdrawals.maxPending; index += 1) await requestedWithdrawal(t, member, 1);
    const answer = await expectRefusedWithoutCode(
      member,
      { amount: 1, walletAddress: address() },
      'TOO_MANY_PENDING_WITHDRAWALS',
    );
    expect(answer.statusCode).toBe(409);
  });

  it('refuses, with no code, a member who has not finished onboarding or whose subscription ended', async () => {
    const unpaid = await createMember(t.database.db);
    expect(
      (await expectRefusedWithoutCode(unpaid, { amount: 1, walletAddress: address() }, 'ACCOUNT_NOT_ACTIVE'))
        .statusCode,
    ).toBe(403);
    const lapsed = await fundedMember(t.database.db, '100');
    await t.database.db
      .updateTable('users')
      .set({ subscription_period_ends_at: new Date(Date.now() - 86_400_000) })
      .where('id', '=', lapsed.id)
      .execute();
    await expectRefusedWithoutCode(lapsed, { amount: 1, walletAddress: address() }, 'ACCOUNT_NOT_ACTIVE');
  });

  it('refuses, with no code, a LOCKED member', async () => {
    const locked = await fundedMember(t.database.db, '100', { status: 'LOCKED' });
    await expectRefusedWithoutCode(locked, { amount: 1, walletAddress: address() }, 'ACCOUNT_LOCKED');
  });

  it('refuses, with no code, a zero balance and an amount above the available balance', async () => {
    const empty = await createMember(t.database.db, { columns: linkedMemberColumns(uniqueUid()) });
    await expectRefusedWithoutCode(empty, { amount: '0.01', walletAddress: address() }, 'INSUFFICIENT_BALANCE');
    const member = await fundedMember(t.database.db, '10');
    await requestedWithdrawal(t, member, 4);
    const answer = await expectRefusedWithoutCode(
      member,
      { amount: '6.01', walletAddress: address() },
      'INSUFFICIENT_BALANCE',
    );
    expect(answer.statusCode).toBe(400);
    expect(answer.json().message).toBe('The amount is more than your available balance (6.00 USDT)');
  });

  it('lets the whole available balance be withdrawn, leaving 0 available', async () => {
    const member = await fundedMember(t.database.db, '10');
    await requestedWithdrawal(t, member, 3.5);
    const walletAddress = address();
    expect((await requestCode(member, { amount: '6.50', walletAddress })).statusCode).toBe(200);
    const created = await withdrawWithMailedCode(member, { amount: '6.50', walletAddress });
    expect(created.statusCode).toBe(200);
    expect(Number((await findLedgerBalance(t.database.db, member.id))?.available)).toBe(0);
    await expectRefusedWithoutCode(member, { amount: '0.01', walletAddress: address() }, 'INSUFFICIENT_BALANCE');
  });

  it.each([
    ['an amount without an address', { amount: 1 }],
    ['an address without an amount', { walletAddress: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed' }],
    ['a zero amount', { amount: 0, walletAddress: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed' }],
    ['three decimals', { amount: '1.005', walletAddress: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed' }],
    ['a bad checksum', { amount: 1, walletAddress: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD' }],
  ])('answers VALIDATION_ERROR, with no code, to %s', async (_name, payload) => {
    const member = await fundedMember(t.database.db, '100');
    const answer = await expectRefusedWithoutCode(member, payload, 'VALIDATION_ERROR');
    expect(answer.statusCode).toBe(400);
  });
});
