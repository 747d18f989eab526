/**
 * `npm run bench:deposits`: the deposit scanner with 100,000 members awaiting payment and
 * 10,000 blocks to scan on an in-process EVM, counting JSON-RPC calls and wall time, beside the
 * naive way (one eth_getLogs per member and block range). The naive way is run for a sample of
 * members and its full cost extrapolated: running 100,000 × ranges queries would take hours.
 * Options (env): BENCH_MEMBERS (100000), BENCH_BLOCKS (10000), BENCH_PAYERS (200), BENCH_NAIVE_SAMPLE (1000).
 */
import { sql } from 'kysely';
import { EthersDepositChain } from '../src/chain/deposit-chain';
import { startLocalUsdtChain } from '../src/chain/local-usdt-chain';
import { openDatabase } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrator';
import { DepositScanner } from '../src/modules/subscription/deposit-scanner';
import { countingProvider } from './counting-provider';

const members = Number(process.env.BENCH_MEMBERS ?? 100_000);
const blocks = Number(process.env.BENCH_BLOCKS ?? 10_000);
const payers = Number(process.env.BENCH_PAYERS ?? 200);
const naiveSample = Number(process.env.BENCH_NAIVE_SAMPLE ?? 1000);
const blockRange = 5000;

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

async function main(): Promise<void> {
  const database = await openDatabase({ databaseUrl: process.env.BENCH_DATABASE_URL, pgliteDataDir: 'memory://' });
  await migrateToLatest(database.db);
  const { db } = database;

  console.log(`Inserting ${members.toLocaleString('en')} members awaiting payment…`);
  await sql`
    INSERT INTO users (first_name, last_name, email, password_hash, referral_code, deposit_address)
    SELECT 'Bench', 'Member', 'bench' || i || '@example.test', 'x', 'B' || lpad(i::text, 9, '0'),
           '0x' || substr(md5('a' || i) || md5('b' || i), 1, 40)
    FROM generate_series(1, ${members}) AS i`.execute(db);

  console.log(`Mining ${blocks.toLocaleString('en')} blocks with ${payers} subscription payments among them…`);
  const chain = await startLocalUsdtChain();
  const firstBlock = (await chain.head()) + 1;
  const { rows: paying } = await sql<{ address: string }>`
    SELECT deposit_address AS address FROM users ORDER BY md5(id::text) LIMIT ${payers}`.execute(db);
  const gap = Math.max(0, Math.floor(blocks / payers) - 1);
  for (const { address } of paying) {
    await chain.pay(address, '10');
    await chain.mine(gap);
  }
  await chain.mine(firstBlock + blocks - 1 - (await chain.head()));
  const lastBlock = await chain.head();
  const scanned = lastBlock - firstBlock + 1;

  const batched = countingProvider(chain.evm.eip1193);
  const scanner = new DepositScanner({
    db,
    chain: new EthersDepositChain(batched.provider, chain.tokenAddress, 31337),
    crediting: {
      subscription: { fee: '10', periodDays: 365 },
      rewards: { cycleEpoch: new Date('2026-01-05T00:00:00Z'), cycleDays: 7 },
      exchange: { minimumBalance: '100' },
      // One test wallet pays everyone here: an exchange's hot wallet as far as the rules go.
      risk: { signupsPerSponsorHour: 10, signupsPerClientAddressDay: 5, exchangeWalletMin: 25, ignoredAddresses: [] },
    },
    confirmations: 1,
    startBlock: firstBlock,
    blockRange,
  });
  const started = performance.now();
  const result = await scanner.scanPending();
  const batchedMs = performance.now() - started;
  const { count: paid } = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('subscription_paid_at', 'is not', null)
    .executeTakeFirstOrThrow();

  // The naive way: one eth_getLogs per member and block range, for a sample of members.
  const naive = countingProvider(chain.evm.eip1193);
  const naiveChain = new EthersDepositChain(naive.provider, chain.tokenAddress, 31337);
  const { rows: sample } = await sql<{ address: string }>`
    SELECT lower(deposit_address) AS address FROM users LIMIT ${naiveSample}`.execute(db);
  const naiveStarted = performance.now();
  for (const { address } of sample) {
    for (let start = firstBlock; start <= lastBlock; start += blockRange) {
      await naiveChain.transfersTo([address], start, Math.min(start + blockRange - 1, lastBlock));
    }
  }
  const naiveSampleMs = performance.now() - naiveStarted;
  const ranges = Math.ceil(scanned / blockRange);
  const naiveCalls = members * ranges;
  const naiveMs = (naiveSampleMs / sample.length) * members;

  console.log('');
  console.log(`members awaiting payment : ${members.toLocaleString('en')}`);
  console.log(`blocks scanned           : ${scanned.toLocaleString('en')} (${ranges} ranges of ≤ ${blockRange})`);
  console.log(
    `transfers recorded       : ${result.transfersRecorded} (members credited: ${result.membersCredited}, paid in db: ${paid})`,
  );
  console.log(`batched scan             : ${batched.counter.calls} RPC calls, ${seconds(batchedMs)}`);
  console.log(
    `  by method              : ${[...batched.counter.byMethod].map(([method, n]) => `${method} ${n}`).join(', ')}`,
  );
  console.log(
    `naive, one query/member  : ${naiveCalls.toLocaleString('en')} RPC calls (eth_getLogs), ~${seconds(naiveMs)} extrapolated`,
  );
  console.log(
    `  measured sample        : ${sample.length} members, ${naive.counter.calls} calls, ${seconds(naiveSampleMs)}`,
  );
  await database.close();
  process.exit(0);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
