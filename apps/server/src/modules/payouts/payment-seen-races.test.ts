import { Decimal } from 'decimal.js';
import { formatUnits } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payManyOnDemoChain, payOnDemoChain } from '../../chain/demo-chain';
import type { UserRow } from '../../db/schema';
import { createMember, fundedMember, requestedWithdrawal, sessionHeaders } from '../../testing/builders';
import { type DemoChainApp, startDemoChainApp } from '../../testing/demo-chain-app';
import { createBatch, decide, reconcileOnce } from '../../testing/payout-builders';
import { type RaceTask, raceRound } from '../../testing/race-round';
import type { TestApp } from '../../testing/test-app';
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
const confirmations = 3;

describe(`payments seen on chain under every race at once (${postgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  let chainApp: DemoChainApp;
  let t: TestApp;
  let first: UserRow;
  let second: UserRow;

  beforeAll(async () => {
    chainApp = await startDemoChainApp({
      confirmations,
      mineByHand: true,
      withdrawals: { maxPending: 5, secondApprovalAbove: '100000000' },
    });
    ({ t, admin: first } = chainApp);
    second = await createMember(t.database.db, { isAdmin: true });
  }, 300_000);
  afterAll(() => chainApp?.close());

  const post = (caller: UserRow, url: string, payload?: object) =>
    t.app.inject({ method: 'POST', url: `/api${url}`, headers: sessionHeaders(t.app, caller), payload });
  const exportOf = (caller: UserRow, batchId: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/withdrawals/admin/batches/${batchId}/export?format=safe-json`,
      headers: sessionHeaders(t.app, caller),
    });
  const withdrawals = (ids: string[]) =>
    t.database.db.selectFrom('withdrawals').selectAll().where('id', 'in', ids).execute();
  async function batchOf(ids: string[]): Promise<string> {
    const created = await createBatch(t.app, first, { withdrawalIds: ids });
    expect(created.statusCode, created.body).toBe(200);
    return created.json().data._id;
  }

  it(`pays every withdrawal at most once and never pays one returned, over ${rounds} rounds`, async () => {
    const chain = t.app.context.integrations.depositChain;
    if (!chain) throw new Error('no chain configured');
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

      await chainApp.mine(confirmations);
      await reconcileOnce(t.app);
      const rows = await withdrawals(ids);
      const wallets = rows.map((row) => row.wallet_address.toLowerCase());
      const onChain = await chain.transfersTo(wallets, 0, await chain.headBlockNumber());
      for (const row of rows) {
        const payments = onChain.filter(
          (transfer) => transfer.to === row.wallet_address.toLowerCase() && new Decimal(transfer.amount).eq(row.amount),
        );
        const context = `round ${round}, withdrawal ${row.id} (${row.status}): ${payments.length} payments`;
        expect(payments.length, context).toBeLessThanOrEqual(1);
        if (payments.length === 1) expect(row.status, context).toBe('APPROVED');
        else expect(row.status, context).not.toBe('APPROVED');
      }
      // The two payments made before the race are never undone.
      expect(rows.find((row) => row.id === paidDirectly)?.status).toBe('APPROVED');
      expect(rows.find((row) => row.id === oldFilePays)?.status).toBe('APPROVED');
      expect(rows.find((row) => row.id === blocked)?.status).toBe('APPROVED');
      const stored = await t.database.db
        .selectFrom('treasury_transfers')
        .selectAll()
        .where('to_address', 'in', wallets)
        .execute();
      expect(stored).toHaveLength(onChain.length);
      const matched = stored.filter((transfer) => transfer.unmatched_reason === null);
      expect(new Set(matched.map((transfer) => transfer.withdrawal_id)).size).toBe(matched.length);
      expect(stored.filter((transfer) => transfer.unmatched_reason !== null)).toEqual([]);
    }
    expect(await findLedgerDiscrepancies(t.database.db)).toEqual([]);
  }, 900_000);
});
