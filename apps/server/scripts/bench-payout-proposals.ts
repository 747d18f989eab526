/**
 * `npm run bench:payouts` (last part): a batch of BENCH_PAYMENTS (10,000) pending withdrawals paid
 * through the treasury Safe on the demo chain, from the first propose to the last withdrawal
 * reconciled: every part proposed over the API (one Safe transaction of
 * BENCH_TRANSFERS_PER_TRANSACTION transfers each, PAYOUT_TRANSFERS_PER_TRANSACTION's 300 unless
 * told, to the local Safe Transaction Service), each
 * confirmed and executed by the demo owners in nonce order (`confirmAndExecuteAsDemoOwners`, as
 * `npm run demo:safe-confirm` does), then one reconciliation pass (one confirmation). Each phase is
 * timed, and the total. Runs on the test database (PGlite in memory; PostgreSQL with
 * TEST_DATABASE_URL).
 *
 *   [BENCH_PAYMENTS=10000] npm run bench:payouts
 */
import { confirmAndExecuteAsDemoOwners } from '../src/chain/demo-safe-owners';
import { createMember } from '../src/testing/builders';
import { startDemoChainApp } from '../src/testing/demo-chain-app';
import { createBatch, reconcileOnce, seedPendingWithdrawals } from '../src/testing/payout-builders';
import { testConfig } from '../src/testing/test-app';
import { count, seconds } from './bench-kit';

const withdrawals = Number(process.env.BENCH_PAYMENTS ?? 10_000);
const members = Math.min(100, withdrawals);

const transfersPerTransaction = Number(
  process.env.BENCH_TRANSFERS_PER_TRANSACTION ?? testConfig().withdrawals.transfersPerTransaction,
);

const chainApp = await startDemoChainApp({
  confirmations: 1,
  withdrawals: { secondApprovalAbove: '1000000000', transfersPerTransaction },
});
const { t, admin, adminHeaders } = chainApp;
try {
  const ids: string[] = [];
  for (let index = 0; index < members; index += 1) {
    const member = await createMember(t.database.db, { email: `safe.payee${index}@bench.test` });
    const share = Math.floor(withdrawals / members) + (index < withdrawals % members ? 1 : 0);
    // Small amounts (1.00 to 50.99): the demo Safe holds a million test USDT.
    const amounts = Array.from({ length: share }, (_, n) => (1 + ((index + n) % 50) + (n % 100) / 100).toFixed(2));
    ids.push(...(await seedPendingWithdrawals(t.database.db, member, amounts)));
  }
  const created = await createBatch(t.app, admin, { withdrawalIds: ids });
  if (created.statusCode !== 200) throw new Error(`batch refused: ${created.body}`);
  const batchId = created.json().data._id as string;
  const parts = Math.ceil(withdrawals / t.config.withdrawals.transfersPerTransaction);

  const started = performance.now();
  const safeTxHashes: string[] = [];
  for (let part = 1; part <= parts; part += 1) {
    const proposed = await t.app.inject({
      method: 'POST',
      url: `/api/withdrawals/admin/batches/${batchId}/propose?part=${part}`,
      headers: adminHeaders,
    });
    if (proposed.statusCode !== 200) throw new Error(`part ${part} not proposed: ${proposed.body}`);
    safeTxHashes.push(proposed.json().data.safeTxHash);
  }
  const proposedIn = seconds(started);
  const executing = performance.now();
  for (const safeTxHash of safeTxHashes) {
    const execution = await confirmAndExecuteAsDemoOwners(chainApp.demoChain, safeTxHash);
    if (!execution.successful) throw new Error(`Safe transaction ${safeTxHash} failed`);
  }
  const executedIn = seconds(executing);
  const reconciling = performance.now();
  const result = await reconcileOnce(t.app);
  const reconciledIn = seconds(reconciling);
  const total = seconds(started);

  const states = await t.database.db
    .selectFrom('payout_safe_proposals')
    .select('state')
    .where('batch_id', '=', batchId)
    .execute();
  if (result.approved !== withdrawals || states.some((row) => row.state !== 'EXECUTED')) {
    throw new Error(`reconciled ${result.approved} of ${withdrawals}; proposals ${states.map((row) => row.state)}`);
  }
  console.log(`\nSafe proposals on the demo chain (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`);
  console.log('withdrawals | parts | propose | owners confirm and execute | reconcile | propose to reconciled');
  console.log(
    [
      count(withdrawals),
      parts,
      `${proposedIn.toFixed(1)} s`,
      `${executedIn.toFixed(1)} s`,
      `${reconciledIn.toFixed(1)} s`,
      `${total.toFixed(1)} s`,
    ].join(' | '),
  );
} finally {
  await chainApp.close();
}
process.exit(0);
