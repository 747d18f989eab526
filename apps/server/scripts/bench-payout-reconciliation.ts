/**
 * The treasury reconciliation at scale on an in-process EVM: pending withdrawals paid in
 * multi-send transactions (the batch-transfer contract, 100 lines each), then reconciled — wall
 * time and JSON-RPC calls counted at the provider. Three runs, each on a fresh database, on the
 * embedded database (PGlite, in memory) and, when DATABASE_URL is set, on PostgreSQL (a fresh
 * database `uplink_bench_reconciliation` on that server, dropped after each run):
 *
 * - a tenth of BENCH_PAYMENTS in a tenth of the transactions, `BENCH_GAP` empty blocks after each;
 * - BENCH_PAYMENTS (10,000) payments, the same gap: ten times the blocks and the payments;
 * - BENCH_PAYMENTS payments in consecutive blocks: the payments of the second run on about the
 *   blocks of the first.
 *
 * The calls follow the blocks read (one eth_getLogs and one block hash per range of
 * `BENCH_BLOCK_RANGE` blocks), never the payments. The time is the approvals', set-based: one
 * money transaction per chunk of 2,000 logs (holds posted, audit rows, e-mails queued).
 * Options (env): BENCH_PAYMENTS (10000; 1000 or less to try it), BENCH_GAP (9), BENCH_BLOCK_RANGE (100).
 */
import { randomBytes } from 'node:crypto';
import { parseUnits } from 'ethers';
import { sql } from 'kysely';
import type { MailWorker } from '../src/app-context';
import { EthersDepositChain } from '../src/chain/deposit-chain';
import { startLocalUsdtChain } from '../src/chain/local-usdt-chain';
import { systemClock } from '../src/clock';
import { demoTreasuryAddress } from '../src/config/withdrawals-config';
import { openDatabase } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrator';
import { TreasuryReconciliation } from '../src/modules/treasury/treasury-reconciliation';
import { benchConfig, benchDatabaseUrl, dropDatabase, recreateDatabase } from './bench-kit';
import { countingProvider } from './counting-provider';

const gap = Number(process.env.BENCH_GAP ?? 9);
const blockRange = Number(process.env.BENCH_BLOCK_RANGE ?? 100);
const linesPerTransaction = 100;
const payments = Number(process.env.BENCH_PAYMENTS ?? 10_000);
const databaseName = 'uplink_bench_reconciliation';
/** The approvals queue their e-mails; nothing delivers them here. */
const idleMailWorker: MailWorker = { wake() {}, runNow: async () => false, stop: async () => {} };

const chain = await startLocalUsdtChain();
// The funded payer is the treasury; it pays a little over 2.5 million USDT in all.
await chain.mint(demoTreasuryAddress, parseUnits('100000000', 18));

interface Run {
  payments: number;
  transactions: number;
  gap: number;
}

async function run({ payments, transactions, gap: emptyBlocks }: Run, postgres: boolean) {
  if (postgres) await recreateDatabase(databaseName);
  const databaseUrl = postgres ? benchDatabaseUrl(databaseName) : undefined;
  const database = await openDatabase({ databaseUrl, pgliteDataDir: 'memory://' });
  const { db } = database;
  await migrateToLatest(db);

  // One member per five withdrawals, each credited enough; holds and withdrawals written set-based.
  const members = Math.ceil(payments / 5);
  await sql`
    INSERT INTO users (first_name, last_name, email, password_hash, is_email_verified, referral_code, created_at, updated_at)
    SELECT 'Bench', 'Member' || n, 'member' || n || '@bench.test', 'x', true, 'R' || lpad(n::text, 7, '0'), now(), now()
      FROM generate_series(1, ${members}) AS n`.execute(db);
  await sql`
    INSERT INTO ledger_entries (account_id, kind, amount, reason_type, reason_id, created_at)
    SELECT id, 'CREDIT_POSTED', 100000, 'REWARD', 'bench-' || id, now() FROM users`.execute(db);
  await sql`
    CREATE TEMP TABLE bench_rows AS
    WITH numbered AS (SELECT id, row_number() OVER (ORDER BY id) - 1 AS k FROM users)
    SELECT n, gen_random_uuid() AS withdrawal_id, gen_random_uuid() AS code_id, m.id AS member_id,
           (1 + n % 500 + (n % 100) / 100.0)::numeric(20, 2) AS amount,
           '0x' || substr(md5(${randomBytes(8).toString('hex')} || n) || md5('w' || n), 1, 40) AS wallet
      FROM generate_series(1, ${payments}) AS n
      JOIN numbered m ON m.k = n % ${members}`.execute(db);
  await sql`
    INSERT INTO withdrawal_codes (id, user_id, code_hash, attempts, created_at, expires_at, verified_at, used_at)
    SELECT code_id, member_id, md5(n::text), 1, now(), now() + interval '10 minutes', now(), now() FROM bench_rows`.execute(
    db,
  );
  await sql`
    WITH holds AS (
      INSERT INTO ledger_entries (account_id, kind, amount, reason_type, reason_id, created_at)
      SELECT member_id, 'DEBIT_PENDING', amount, 'WITHDRAWAL', withdrawal_id::text, now() FROM bench_rows
      RETURNING id, reason_id
    )
    INSERT INTO withdrawals (id, user_id, amount, wallet_address, code_id, hold_entry_id, requested_at)
    SELECT b.withdrawal_id, b.member_id, b.amount, b.wallet, b.code_id, h.id, now()
      FROM bench_rows b JOIN holds h ON h.reason_id = b.withdrawal_id::text`.execute(db);
  const { rows: lines } = await sql<{ wallet: string; amount: string }>`
    SELECT wallet, amount::text AS amount FROM bench_rows ORDER BY n`.execute(db);

  const firstBlock = (await chain.head()) + 1;
  const perTransaction = Math.ceil(payments / transactions);
  for (let index = 0; index < lines.length; index += perTransaction) {
    await chain.payMany(
      lines.slice(index, index + perTransaction).map((line) => ({ to: line.wallet, amount: line.amount })),
    );
    await chain.mine(emptyBlocks);
  }
  const blocks = (await chain.head()) - firstBlock + 1;

  const counted = countingProvider(chain.evm.eip1193);
  const config = benchConfig(databaseUrl ?? 'postgres://unused', 'reconciliation');
  const reconciliation = new TreasuryReconciliation(
    { db, clock: systemClock, config, mailWorker: idleMailWorker },
    {
      chain: new EthersDepositChain(counted.provider, chain.tokenAddress, 31337),
      confirmations: 1,
      startBlock: firstBlock,
      blockRange,
    },
  );
  const started = performance.now();
  const result = await reconciliation.reconcile();
  const elapsed = (performance.now() - started) / 1000;
  const { approved } = await db
    .selectFrom('withdrawals')
    .select((eb) => eb.fn.countAll<string>().as('approved'))
    .where('status', '=', 'APPROVED')
    .executeTakeFirstOrThrow();
  await database.close();
  if (postgres) await dropDatabase(databaseName);
  return { blocks, result, approved: Number(approved), elapsed, calls: counted.counter };
}

const runs: Run[] = [
  {
    payments: payments / 10,
    transactions: Math.max(1, Math.ceil(payments / 10 / linesPerTransaction)),
    gap,
  },
  { payments, transactions: Math.max(1, Math.ceil(payments / linesPerTransaction)), gap },
  { payments, transactions: Math.max(1, Math.ceil(payments / linesPerTransaction)), gap: 0 },
];
console.log(`block range ${blockRange}, ${linesPerTransaction} payments per multi-send transaction, 1 confirmation`);
for (const postgres of process.env.DATABASE_URL ? [false, true] : [false]) {
  console.log(
    `\n${postgres ? `PostgreSQL (${new URL(benchDatabaseUrl(databaseName)).host})` : 'PGlite (embedded, in memory)'}`,
  );
  console.log(
    'payments | transactions | blocks read | approved | unmatched | RPC calls | by method | reconcile time | approvals/s',
  );
  for (const shape of runs) {
    const { blocks, result, approved, elapsed, calls } = await run(shape, postgres);
    const methods = [...calls.byMethod].map(([method, n]) => `${method} ${n}`).join(', ');
    console.log(
      [
        shape.payments.toLocaleString('en-US'),
        shape.transactions,
        blocks,
        approved.toLocaleString('en-US'),
        result.unmatched,
        calls.calls,
        methods,
        `${elapsed.toFixed(1)} s`,
        (approved / elapsed).toFixed(0),
      ].join(' | '),
    );
  }
}
process.exit(0);
