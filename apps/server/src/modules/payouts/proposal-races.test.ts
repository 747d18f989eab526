import SafeApiKit from '@safe-global/api-kit';
import { describe, expect, it } from 'vitest';
import { payOnDemoChain } from '../../chain/demo-chain';
import { confirmAndExecuteAsDemoOwners } from '../../chain/demo-safe-owners';
import type { UserRow } from '../../db/schema';
import { fundedMember, requestedWithdrawal } from '../../testing/builders';
import { createBatch, decide, reconcileOnce } from '../../testing/payout-builders';
import { payoutRaceAppForFile, raceConfirmations } from '../../testing/payout-race-app';
import { type RaceTask, raceRound } from '../../testing/race-round';
import { findLedgerDiscrepancies } from '../ledger/ledger-repository';

/**
 * Issue 41's races on the Safe proposal path, in rounds, on the demo chain (three confirmations,
 * blocks mined by hand, two transfers a Safe transaction). Each round has a batch A whose first
 * part is already proposed, executed by the demo owners and reconciled, and a batch B not yet
 * paid. Then, at once: A's second part proposed twice, exported, paid from the demo treasury and
 * released; B proposed twice, exported, paid from the demo treasury and released; withdrawals of
 * each paid on their own, one rejected, A's unpaid ones batched again and proposed; the treasury
 * pays one of each batch directly; the reconciliation runs. Then the demo owners execute, in nonce
 * order, whatever the Transaction Service still queues, and once all is confirmed and reconciled:
 * none paid twice by the product, none paid and returned, every treasury transfer matched to one
 * withdrawal or listed as unmatched, no proposal left queued, and the ledger adds up.
 *
 * A direct transfer is the treasurer paying outside the product: one that lands after a payment
 * of the same withdrawal was started (a queued Safe transaction the owners then execute) is a
 * second payment nothing could refuse. For those two withdrawals the product's own payments are
 * counted, at most one, and the extra transfer must be listed as unmatched.
 */
const postgres = Boolean(process.env.TEST_DATABASE_URL);
const rounds = postgres ? 8 : 3;

describe(`the Safe proposal path under every race at once (${postgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  const { chainApp, t, first, second, post, exportOf, withdrawals, batchOf, paymentsOf } = payoutRaceAppForFile({
    transfersPerTransaction: 2,
  });
  const propose = (caller: UserRow, batchId: string, part: number) =>
    post(caller, `/withdrawals/admin/batches/${batchId}/propose?part=${part}`);
  async function paidDirectly(id: string): Promise<string> {
    const [row] = await withdrawals([id]);
    return payOnDemoChain(chainApp.demoChain, 'treasury', row?.wallet_address as string, row?.amount as string);
  }

  /** The demo owners confirm and execute every transaction the service queues, lowest nonce first. */
  async function ownersExecuteTheQueue(): Promise<void> {
    const { chainId, safeTxServiceUrl, safeAddress } = chainApp.demoChain;
    const service = new SafeApiKit({ chainId: BigInt(chainId), txServiceUrl: safeTxServiceUrl });
    for (;;) {
      const queue = (await service.getPendingTransactions(safeAddress)).results;
      const [next] = queue.sort((a, b) => Number(a.nonce) - Number(b.nonce));
      if (!next) return;
      await confirmAndExecuteAsDemoOwners(chainApp.demoChain, next.safeTxHash);
    }
  }

  it(`pays every withdrawal at most once and never pays one returned, over ${rounds} rounds`, async () => {
    const chain = t.app.context.integrations.depositChain;
    if (!chain) throw new Error('no chain configured');
    for (let round = 0; round < rounds; round += 1) {
      const members = await Promise.all(Array.from({ length: 7 }, () => fundedMember(t.database.db, '100')));
      const ids: string[] = [];
      for (const [index, member] of members.entries()) ids.push(await requestedWithdrawal(t, member, 10 + index));
      const [a0, a1, a2, a3, b0, b1, b2] = ids as [string, string, string, string, string, string, string];
      // The treasurer pays one of A's second part directly in every other round: then A cannot be released.
      const directlyPaid = [round % 2 === 0 ? a1 : a3, b2];

      // Before the race: A's first part is proposed, executed and reconciled; B is not paid yet.
      const batchA = await batchOf([a0, a1, a2, a3]);
      const firstPart = await propose(first, batchA, 1);
      expect(firstPart.statusCode, firstPart.body).toBe(200);
      await confirmAndExecuteAsDemoOwners(chainApp.demoChain, firstPart.json().data.safeTxHash);
      await chainApp.mine(raceConfirmations);
      await reconcileOnce(t.app);
      const batchB = await batchOf([b0, b1, b2]);

      // The treasurer's own transfers, told apart from the product's payments afterwards.
      const direct = new Set<string>();
      const payDirectly = (id: string) => async () => {
        direct.add((await paidDirectly(id)).toLowerCase());
        return null;
      };
      const tasks: RaceTask[] = [
        () => propose(first, batchA, 2),
        () => propose(second, batchA, 2),
        () => post(second, `/withdrawals/admin/batches/${batchA}/release`, { reason: `Round ${round}` }),
        () => exportOf(first, batchA, 2),
        () => post(second, `/dev/demo-treasury/batches/${batchA}/pay`),
        () => post(first, `/dev/demo-treasury-pay/${a2}`),
        payDirectly(directlyPaid[0] as string),
        () => propose(first, batchB, 1),
        () => propose(second, batchB, 1),
        () => exportOf(second, batchB, 1),
        () => post(first, `/dev/demo-treasury/batches/${batchB}/pay`),
        () => post(first, `/withdrawals/admin/batches/${batchB}/release`, { reason: `Round ${round}` }),
        () => post(second, `/dev/demo-treasury-pay/${b0}`),
        () => decide(t.app, second, b1, { status: 'REJECTED', reason: 'Raced' }),
        payDirectly(b2),
        async () => {
          const again = await createBatch(t.app, second, { withdrawalIds: [a2, a3] });
          if (again.statusCode !== 200) return again;
          return propose(second, again.json().data._id, 1);
        },
        () => reconcileOnce(t.app).then(() => null),
      ];
      await raceRound(round, tasks);

      // What looks unpaid is paid from the demo treasury: refused for anything a queued proposal pays.
      const batchesOfRound = await t.database.db
        .selectFrom('payout_batch_withdrawals')
        .select('batch_id')
        .distinct()
        .where('withdrawal_id', 'in', ids)
        .execute();
      for (const { batch_id: batchId } of batchesOfRound) {
        expect((await post(first, `/dev/demo-treasury/batches/${batchId}/pay`)).statusCode).toBeLessThan(500);
      }
      // A proposal still queued holds its batch's payment: its withdrawals are seen, paid by nothing else.
      const unheld = await t.database.db
        .selectFrom('payout_safe_proposals as p')
        .innerJoin('payout_batches as b', 'b.id', 'p.batch_id')
        .select(['p.safe_tx_hash', 'b.payment_claimed_at'])
        .where('p.state', '=', 'QUEUED')
        .where((where) =>
          where.or([
            where('b.payment_claimed_at', 'is', null),
            where('b.payment_claimed_at', '>', where.ref('p.proposed_at')),
          ]),
        )
        .execute();
      expect(unheld, `round ${round}: queued proposals whose payment was released`).toEqual([]);
      await ownersExecuteTheQueue();
      await chainApp.mine(raceConfirmations);
      await reconcileOnce(t.app);
      const { paid, unmatched } = await paymentsOf(ids);
      for (const { row, payments } of paid) {
        const byProduct = payments.filter((transfer) => !direct.has(transfer.txHash));
        const context = `round ${round}, withdrawal ${row.id} (${row.status}): ${payments.length} payments`;
        expect(byProduct.length, context).toBeLessThanOrEqual(1);
        if (!directlyPaid.includes(row.id)) expect(payments.length, context).toBeLessThanOrEqual(1);
        if (payments.length > 0) expect(row.status, context).toBe('APPROVED');
        else expect(row.status, context).not.toBe('APPROVED');
      }
      for (const transfer of unmatched) {
        expect(directlyPaid, `round ${round}: ${transfer.transaction_hash} unmatched`).toContain(
          transfer.withdrawal_id,
        );
        expect(transfer.unmatched_reason).toBe('WITHDRAWAL_ALREADY_PAID');
      }
      const queued = await t.database.db
        .selectFrom('payout_safe_proposals')
        .select('safe_tx_hash')
        .where('state', '=', 'QUEUED')
        .execute();
      expect(queued, `round ${round}`).toEqual([]);
    }
    expect(await findLedgerDiscrepancies(t.database.db)).toEqual([]);
  }, 900_000);
});
