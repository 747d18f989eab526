import { formatUnits } from 'ethers';
import { describe, expect, it } from 'vitest';
import { payManyOnDemoChain, payOnDemoChain } from '../../chain/demo-chain';
import { fundedMember, requestedWithdrawal } from '../../testing/builders';
import { createBatch, decide, reconcileOnce } from '../../testing/payout-builders';
import { payoutRaceAppForFile, raceConfirmations } from '../../testing/payout-race-app';
import { type RaceTask, raceRound } from '../../testing/race-round';
import { findLedgerDiscrepancies } from '../ledger/ledger-repository';

/**
 * Issue 41's races, in rounds, on the demo chain with three confirmations and blocks mined by
 * hand: at the start of each round the chain already shows two payments mined and not confirmed
 * — the treasury paid one withdrawal directly, and a signer executed the old file (two
 * withdrawals) of a batch released meanwhile — and then, at once: the demo treasury pays a batch holding the first
 * (twice), exports and releases it, batches both again and pays that, pays each on its own,
 * exports and pays the released batch, rejects and blocks, and reconciles. Once everything is
 * confirmed and reconciled: none paid twice, none both paid and returned, every treasury transfer
 * matched to one withdrawal or listed as unmatched, and the ledger adds up.
 */
const postgres = Boolean(process.env.TEST_DATABASE_URL);
const rounds = postgres ? 8 : 3;

describe(`payments seen on chain under every race at once (${postgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  const { chainApp, t, first, second, post, exportOf, withdrawals, batchOf, paymentsOf } = payoutRaceAppForFile({});

  it(`pays every withdrawal at most once and never pays one returned, over ${rounds} rounds`, async () => {
    for (let round = 0; round < rounds; round += 1) {
      const members = await Promise.all(Array.from({ length: 5 }, () => fundedMember(t.database.db, '100')));
      const ids: string[] = [];
      for (const [index, member] of members.entries()) ids.push(await requestedWithdrawal(t, member, 10 + index));
      const [paidDirectly, oldFilePays, rejected, blocked, unpaid] = ids as [string, string, string, string, string];

      // Before the race: a batch holding the withdrawal the treasury then pays directly, and a
      // batch exported, released while its Safe transaction is queued, whose old file then executes.
      const batched = await batchOf([paidDirectly, rejected, unpaid]);
      const released = await batchOf([oldFilePays, blocked]);
      const oldFile = (await exportOf(first, released)).json();
      expect(
        (await post(second, `/withdrawals/admin/batches/${released}/release`, { reason: 'Rejected' })).statusCode,
      ).toBe(200);
      const [direct] = await withdrawals([paidDirectly]);
      await payOnDemoChain(chainApp.demoChain, 'treasury', direct?.wallet_address as string, direct?.amount as string);
      // The signer executes the old file, which pays both of its withdrawals.
      await payManyOnDemoChain(
        chainApp.demoChain,
        (oldFile.transactions as { contractInputsValues: { to: string; value: string } }[]).map((line) => ({
          to: line.contractInputsValues.to,
          amount: formatUnits(line.contractInputsValues.value, 18),
        })),
      );

      const tasks: RaceTask[] = [
        () => post(first, `/dev/demo-treasury/batches/${batched}/pay`),
        () => post(second, `/dev/demo-treasury/batches/${batched}/pay`),
        () => exportOf(first, batched),
        () => post(second, `/withdrawals/admin/batches/${batched}/release`, { reason: `Round ${round}` }),
        () => exportOf(second, released),
        () => post(first, `/dev/demo-treasury/batches/${released}/pay`),
        async () => {
          const again = await createBatch(t.app, second, { withdrawalIds: [paidDirectly, oldFilePays] });
          if (again.statusCode !== 200) return again;
          return post(first, `/dev/demo-treasury/batches/${again.json().data._id}/pay`);
        },
        () => post(first, `/dev/demo-treasury-pay/${paidDirectly}`),
        () => post(second, `/dev/demo-treasury-pay/${oldFilePays}`),
        () => post(first, `/dev/demo-treasury-pay/${unpaid}`),
        () => decide(t.app, second, rejected, { status: 'REJECTED', reason: 'Raced' }),
        () => decide(t.app, first, blocked, { status: 'BLOCKED_COMPLIANCE', reason: 'Raced' }),
        () => reconcileOnce(t.app).then(() => null),
      ];
      await raceRound(round, tasks);

      await chainApp.mine(raceConfirmations);
      await reconcileOnce(t.app);
      const { paid, unmatched } = await paymentsOf(ids);
      for (const { row, payments } of paid) {
        const context = `round ${round}, withdrawal ${row.id} (${row.status}): ${payments.length} payments`;
        expect(payments.length, context).toBeLessThanOrEqual(1);
        if (payments.length === 1) expect(row.status, context).toBe('APPROVED');
        else expect(row.status, context).not.toBe('APPROVED');
      }
      // The two payments made before the race are never undone.
      const statusOf = (id: string) => paid.find(({ row }) => row.id === id)?.row.status;
      expect(statusOf(paidDirectly)).toBe('APPROVED');
      expect(statusOf(oldFilePays)).toBe('APPROVED');
      expect(statusOf(blocked)).toBe('APPROVED');
      expect(unmatched).toEqual([]);
    }
    expect(await findLedgerDiscrepancies(t.database.db)).toEqual([]);
  }, 900_000);
});
