import { setTimeout as sleep } from 'node:timers/promises';
import { Decimal } from 'decimal.js';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../../db/schema';
import { createMember, fundedMember, requestedWithdrawal, sessionHeaders } from '../../testing/builders';
import { type DemoChainApp, startDemoChainApp } from '../../testing/demo-chain-app';
import { createBatch, decide, reconcileOnce } from '../../testing/payout-builders';
import { type RaceTask, raceRound } from '../../testing/race-round';
import type { TestApp } from '../../testing/test-app';
import { findLedgerDiscrepancies } from '../ledger/ledger-repository';

/**
 * Everything that can happen to a batch's withdrawals, at once, in rounds, on the demo chain (one
 * confirmation: a mined payment counts): the batch paid twice, exported, released, deleted; its
 * withdrawals rejected, blocked, batched again and paid in that batch, paid one by one, approved
 * by hand with the payment's hash; the reconciliation running meanwhile. Whatever wins, once the
 * chain has confirmed everything: no withdrawal is both paid on chain and back in a balance, none
 * is paid twice, every treasury transfer is matched to exactly one withdrawal or listed, and the
 * ledger adds up. PostgreSQL interleaves the statements (real row locks); the embedded database
 * runs one at a time, so there only the requests interleave, between their transactions.
 */
const postgres = Boolean(process.env.TEST_DATABASE_URL);
const rounds = postgres ? 12 : 6;
const perRound = 6;

describe(`payout batches under every race at once (${postgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  let chainApp: DemoChainApp;
  let t: TestApp;
  let first: UserRow;
  let second: UserRow;

  beforeAll(async () => {
    // Four eyes stays out of the way: its own tests race it.
    chainApp = await startDemoChainApp({ confirmations: 1, withdrawals: { secondApprovalAbove: '100000000' } });
    ({ t, admin: first } = chainApp);
    second = await createMember(t.database.db, { isAdmin: true });
  }, 300_000);
  afterAll(() => chainApp?.close());

  const post = (caller: UserRow, url: string, payload?: object) =>
    t.app.inject({ method: 'POST', url, headers: sessionHeaders(t.app, caller), payload });
  const reconcile = () => reconcileOnce(t.app);
  const withdrawals = (ids: string[]) =>
    t.database.db.selectFrom('withdrawals').selectAll().where('id', 'in', ids).execute();

  /** Approves `id` by hand with the hash its claim names, once a payment names one. */
  async function approveWhenPaid(id: string): Promise<LightMyRequestResponse | null> {
    for (let tries = 0; tries < 40; tries += 1) {
      const [row] = await withdrawals([id]);
      if (row?.status !== 'PENDING') return null;
      if (row.payment_claim_hash) {
        return decide(t.app, second, id, { status: 'APPROVED', transactionHash: row.payment_claim_hash });
      }
      await sleep(50);
    }
    return null;
  }

  it(`keeps every payout paid at most once and never both paid and returned, over ${rounds} rounds`, async () => {
    const chain = t.app.context.integrations.depositChain;
    if (!chain) throw new Error('no chain configured');
    for (let round = 0; round < rounds; round += 1) {
      const members = await Promise.all(Array.from({ length: perRound }, () => fundedMember(t.database.db, '100')));
      const ids: string[] = [];
      for (const [index, member] of members.entries()) ids.push(await requestedWithdrawal(t, member, 10 + index));
      const [rejected, blocked, rebatched, approvedByHand, paidAlone] = ids as [string, string, string, string, string];
      const created = await createBatch(t.app, first, { withdrawalIds: ids });
      expect(created.statusCode, created.body).toBe(200);
      const batchId = created.json().data._id as string;
      const batch = `/api/withdrawals/admin/batches/${batchId}`;

      const tasks: RaceTask[] = [
        () => post(first, `/api/dev/demo-treasury/batches/${batchId}/pay`),
        () => post(second, `/api/dev/demo-treasury/batches/${batchId}/pay`),
        () =>
          t.app.inject({
            method: 'GET',
            url: `${batch}/export?format=safe-csv`,
            headers: sessionHeaders(t.app, first),
          }),
        () => post(second, `${batch}/release`, { reason: `Round ${round}: Safe transaction rejected` }),
        () => t.app.inject({ method: 'DELETE', url: batch, headers: sessionHeaders(t.app, second) }),
        () => decide(t.app, second, rejected, { status: 'REJECTED', reason: 'Raced' }),
        () => decide(t.app, first, blocked, { status: 'BLOCKED_COMPLIANCE', reason: 'Raced' }),
        async () => {
          const again = await createBatch(t.app, second, { withdrawalIds: [rebatched, paidAlone] });
          if (again.statusCode !== 200) return again;
          return post(first, `/api/dev/demo-treasury/batches/${again.json().data._id}/pay`);
        },
        () => post(first, `/api/dev/demo-treasury-pay/${paidAlone}`),
        () => post(second, `/api/dev/demo-treasury-pay/${rebatched}`),
        () => approveWhenPaid(approvedByHand),
        () => reconcile().then(() => null),
      ];
      await raceRound(round, tasks);

      // Everything sent is mined, and with one confirmation confirmed: the reconciliation reads it all.
      await reconcile();
      const rows = await withdrawals(ids);
      const wallets = rows.map((row) => row.wallet_address);
      const paidOnChain = await chain.transfersTo(wallets, 0, await chain.headBlockNumber());
      const stored = await t.database.db
        .selectFrom('treasury_transfers')
        .selectAll()
        .where(
          'to_address',
          'in',
          wallets.map((wallet) => wallet.toLowerCase()),
        )
        .execute();
      for (const row of rows) {
        const payments = paidOnChain.filter(
          (transfer) => transfer.to === row.wallet_address.toLowerCase() && new Decimal(transfer.amount).eq(row.amount),
        );
        const context = `round ${round}, withdrawal ${row.id} (${row.status}): ${payments.length} payments`;
        expect(payments.length, context).toBeLessThanOrEqual(1);
        if (payments.length === 1) {
          expect(row.status, context).toBe('APPROVED');
          expect(row.transaction_hash, context).toBe(payments[0]?.txHash);
        } else {
          expect(row.status, context).not.toBe('APPROVED');
        }
      }
      expect(stored).toHaveLength(paidOnChain.length);
      for (const transfer of stored) {
        expect(transfer.withdrawal_id !== null || transfer.unmatched_reason !== null).toBe(true);
      }
      const matched = stored.filter((transfer) => transfer.unmatched_reason === null);
      expect(new Set(matched.map((transfer) => transfer.withdrawal_id)).size).toBe(matched.length);
      expect(stored.filter((transfer) => transfer.unmatched_reason !== null)).toEqual([]);
    }
    expect(await findLedgerDiscrepancies(t.database.db)).toEqual([]);
  }, 600_000);
});
