import { randomBytes } from 'node:crypto';
import type { UnmatchedTransferReason } from '@uplink/contract/payout-batches';
import { Wallet } from 'ethers';
import { beforeAll, describe, expect, it } from 'vitest';
import { demoTreasuryAddress } from '../../config/withdrawals-config';
import { adminTestAppForFile } from '../../testing/app-for-file';
import { fundedMember, requestedWithdrawal, sessionHeaders } from '../../testing/builders';

/** GET /api/withdrawals/admin/unmatched-transfers: what the reconciliation stored as matching nothing. */
describe('an administrator lists the treasury transfers that matched no withdrawal', () => {
  const { t, adminHeaders } = adminTestAppForFile();
  let memberHeaders: Record<string, string>;
  let withdrawalId: string;

  beforeAll(async () => {
    const member = await fundedMember(t.database.db, '100');
    memberHeaders = sessionHeaders(t.app, member);
    withdrawalId = await requestedWithdrawal(t, member, 10);
  }, 180_000);

  /** A transfer as the reconciliation stores one, `minutesAgo` before now. */
  async function storedTransfer(
    minutesAgo: number,
    outcome: { reason: UnmatchedTransferReason | null; withdrawalId?: string },
    amount = '12.5',
  ) {
    const transactionHash = `0x${randomBytes(32).toString('hex')}`;
    await t.database.db
      .insertInto('treasury_transfers')
      .values({
        transaction_hash: transactionHash,
        log_index: 3,
        block_number: 1000 + minutesAgo,
        block_hash: `0x${randomBytes(32).toString('hex')}`,
        from_address: demoTreasuryAddress.toLowerCase(),
        to_address: Wallet.createRandom().address.toLowerCase(),
        raw_amount: `${amount.replace('.', '')}${'0'.repeat(17)}`,
        amount,
        seen_at: new Date(Date.now() - minutesAgo * 60_000),
        withdrawal_id: outcome.withdrawalId ?? null,
        unmatched_reason: outcome.reason,
      })
      .execute();
    return transactionHash;
  }

  const list = (query: string, headers = adminHeaders) =>
    t.app.inject({ method: 'GET', url: `/api/withdrawals/admin/unmatched-transfers${query}`, headers });

  it('lists the unmatched ones newest first, page by page, exact amounts, without the matched ones', async () => {
    const oldest = await storedTransfer(30, { reason: 'NO_PENDING_WITHDRAWAL' }, '0.000000000000000001');
    await storedTransfer(25, { reason: null, withdrawalId });
    const closed = await storedTransfer(20, { reason: 'WITHDRAWAL_CLOSED', withdrawalId });
    const newest = await storedTransfer(10, { reason: 'WITHDRAWAL_ALREADY_PAID', withdrawalId });

    const first = await list('?limit=2');
    expect(first.statusCode).toBe(200);
    const { transfers, pagination } = first.json().data;
    expect(transfers.map((transfer: { transactionHash: string }) => transfer.transactionHash)).toEqual([
      newest,
      closed,
    ]);
    expect(transfers[1]).toMatchObject({
      logIndex: 3,
      amount: '12.5',
      reason: 'WITHDRAWAL_CLOSED',
      withdrawalId,
      from: demoTreasuryAddress.toLowerCase(),
      blockNumber: 1020,
    });
    expect(pagination).toMatchObject({ totalRecords: 3, currentPage: 1, totalPages: 2, limit: 2, resultsCount: 2 });

    const second = (await list('?limit=2&page=2')).json().data;
    expect(second.transfers).toEqual([
      expect.objectContaining({
        transactionHash: oldest,
        amount: '0.000000000000000001',
        reason: 'NO_PENDING_WITHDRAWAL',
        withdrawalId: null,
      }),
    ]);
  });

  it('is for administrators only and refuses a bad page size', async () => {
    expect((await list('', memberHeaders)).statusCode).toBe(403);
    expect((await list('', {})).statusCode).toBe(401);
    const refused = await list('?limit=100000');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errorCode).toBe('VALIDATION_ERROR');
  });
});
