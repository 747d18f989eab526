/**
 * Reward-cycle benchmark on PostgreSQL: one cycle distributed to a network of copiers.
 *
 *   npm run bench:cycle -- [--members 1000000] [--depth 15] [--runs 200] [--keep] [--explain]
 *
 * In one run, against a fresh database `uplink_bench_cycle` on the server of DATABASE_URL
 * (default: the local test server), migrated to the latest schema:
 *
 * 1. seeds a network of --members with `seed-network`, then makes every member compliant (a
 *    linked exchange UID, a paid subscription, 250 USDT on the exchange) in one set-based UPDATE;
 * 2. builds the statement: every member copies, with master amount 1 + (seq mod 997) / 100;
 * 3. distributes the last finished cycle through the real use case `runRewardCycle` (UPLOAD, a
 *    clock just after the cycle's end), timing the use case alone, with each statement's time;
 * 4. baselines the same rows: `COPY … FROM STDIN` by a client (psql: pg-copy-streams is not a
 *    dependency) into a plain table of the same columns without indexes or constraints, the same
 *    server-side as `INSERT … SELECT`, and a client COPY into a table with rewards' own indexes
 *    and checks (what the indexes cost by themselves);
 * 5. starts the real app on the database and times `GET /api/rewards/user` (page 1, defaults)
 *    and `GET /api/rewards/stats/:id` for the member with the most rewards, each beside the bare
 *    SQL its use case sends (captured through a Kysely log hook, replayed through node-postgres);
 * 6. prints the load average at the start and the end and a verdict per target.
 *
 * --explain then runs the distribution statement once more under EXPLAIN (ANALYZE, BUFFERS) for
 * the cycle before, in a transaction that is rolled back (it runs the statement: use it on small
 * networks). The database is dropped at the end unless --keep.
 */
import { spawn } from 'node:child_process';
import { closeSync, openSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { memberRewardsQuerySchema } from '@uplink/contract/rewards';
import { type CompiledQuery, Kysely, PostgresDialect, type PostgresPool } from 'kysely';
import pg from 'pg';
import { buildApp } from '../src/app';
import { type Clock, systemClock } from '../src/clock';
import { type Config, loadConfig } from '../src/config';
import { openDatabase } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrator';
import type { Database } from '../src/db/schema';
import { integrationsFromConfig } from '../src/integrations';
import { cycleWindow, lastFinishedCycle } from '../src/modules/rewards/reward-cycle-calendar';
import { distributeDownlineRewards, storeStatement } from '../src/modules/rewards/reward-distribution-repository';
import { findCurrentRewardPlan } from '../src/modules/rewards/rewards-repository';
import { runRewardCycle } from '../src/modules/rewards/run-reward-cycle';
import { viewMemberRewards } from '../src/modules/rewards/view-member-rewards';
import { viewRewardStats } from '../src/modules/rewards/view-reward-stats';
import { seedNetwork } from './seed-network';

const { values } = parseArgs({
  options: {
    members: { type: 'string', default: '1000000' },
    depth: { type: 'string', default: '15' },
    runs: { type: 'string', default: '200' },
    warmups: { type: 'string', default: '20' },
    keep: { type: 'boolean', default: false },
    explain: { type: 'boolean', default: false },
  },
});
const benchDatabaseName = 'uplink_bench_cycle';
const members = Number(values.members);
const depth = Number(values.depth);
const runs = Number(values.runs);
const warmups = Number(values.warmups);
if (!Number.isInteger(members) || members < 2 || !Number.isInteger(depth) || depth < 1 || depth > 15) {
  throw new Error('--members must be an integer ≥ 2 and --depth 1..15');
}
const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const benchUrl = (() => {
  const url = new URL(serverUrl);
  url.pathname = `/${benchDatabaseName}`;
  return url.toString();
})();

/** Targets of the brief. */
const targets = { throughputRatio: 0.5, apiP95Ms: 20, apiRatio: 2 };

async function withAdmin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const loadAverage = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' / ');
const seconds = (startedMs: number) => (performance.now() - startedMs) / 1000;
const count = (value: number) => Math.round(value).toLocaleString('en-US');
const ms = (value: number) => value.toFixed(2);

interface Timing {
  p50: number;
  p95: number;
  mean: number;
}

function summarise(samples: number[]): Timing {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (quantile: number) => sorted[Math.min(sorted.length - 1, Math.ceil(quantile * sorted.length) - 1)] ?? 0;
  return { p50: at(0.5), p95: at(0.95), mean: sorted.reduce((a, b) => a + b, 0) / sorted.length };
}

/** The API call and its SQL floor, alternating run by run so both see the same machine load. */
async function timePair(api: () => Promise<unknown>, floor: () => Promise<unknown>): Promise<[Timing, Timing]> {
  for (let index = 0; index < warmups; index += 1) {
    await api();
    await floor();
  }
  const apiSamples: number[] = [];
  const floorSamples: number[] = [];
  for (let index = 0; index < runs; index += 1) {
    let started = performance.now();
    await api();
    apiSamples.push(performance.now() - started);
    started = performance.now();
    await floor();
    floorSamples.push(performance.now() - started);
  }
  return [summarise(apiSamples), summarise(floorSamples)];
}

/** Runs psql on the bench database; stdin/stdout may be file descriptors. */
function psql(command: string, io: { stdin?: number; stdout?: number } = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn('psql', ['-X', '-q', '-v', 'ON_ERROR_STOP=1', '-d', benchUrl, '-c', command], {
      stdio: [io.stdin ?? 'ignore', io.stdout ?? 'pipe', 'pipe'],
    });
    let output = '';
    let errors = '';
    child.stdout?.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr?.on('data', (chunk) => {
      errors += chunk;
    });
    child.once('error', reject);
    child.once('close', (code) =>
      code === 0 ? resolve(output) : reject(new Error(`psql ${command}: exit ${code}: ${errors}`)),
    );
  });
}

function benchConfig(): Config {
  return {
    ...loadConfig({
      NODE_ENV: 'test',
      DATABASE_URL: benchUrl,
      JWT_SECRET: 'bench-secret-that-is-long-enough-for-hs256-signing',
      DATA_DIR: path.join(os.tmpdir(), 'uplink-bench-cycle-data'),
      SEED_DEMO: 'false',
      DEMO_CHAIN: 'false',
      LOG_LEVEL: 'silent',
    }),
    webDistDir: '/nonexistent',
  };
}

interface Report {
  lines: string[];
  verdicts: string[];
}

async function main(): Promise<void> {
  const report: Report = { lines: [], verdicts: [] };
  const startLoad = loadAverage();
  console.log(`Load average at start (1 / 5 / 15 min): ${startLoad}`);
  await withAdmin(async (client) => {
    await client.query(`DROP DATABASE IF EXISTS ${benchDatabaseName} WITH (FORCE)`);
    await client.query(`CREATE DATABASE ${benchDatabaseName}`);
  });
  const database = await openDatabase({ databaseUrl: benchUrl, pgliteDataDir: 'memory://', poolSize: 10 });
  try {
    await migrateToLatest(database.db);
    const config = benchConfig();
    await prepareNetwork(database.db, database.pool, report);
    const cycle = lastFinishedCycle(config.rewards, new Date());
    if (cycle < 2) throw new Error(`the last finished cycle is ${cycle}; the bench needs 2 or more`);
    const written = await distribute(database.pool, config, cycle, report);
    await baselines(database.pool, cycle, written, report);
    await measureApi(database.db, database.pool, config, report);
    if (values.explain) await explainDistribution(database.pool, config, cycle - 1);
  } finally {
    await database.close();
    if (!values.keep) {
      await withAdmin((client) => client.query(`DROP DATABASE IF EXISTS ${benchDatabaseName} WITH (FORCE)`));
      console.log(`Dropped ${benchDatabaseName} (use --keep to keep it)`);
    }
  }
  const endLoad = loadAverage();
  console.log(`\n## Summary (${members.toLocaleString('en-US')} members, ${depth} levels)\n`);
  console.log(`Load average (1 / 5 / 15 min): ${startLoad} at the start, ${endLoad} at the end\n`);
  console.log(report.lines.join('\n'));
  console.log(`\n${report.verdicts.join('\n')}`);
}

/** Steps 1: the network, every member compliant, each with a ledger account. */
async function prepareNetwork(db: Kysely<Database>, pool: pg.Pool, report: Report): Promise<void> {
  console.log(`Seeding ${members} members, ${depth} levels deep, into ${benchDatabaseName}…`);
  const seeded = await seedNetwork(db, { members, depth, log: (line) => console.log(`  ${line}`) });
  console.log(`Seeded in ${seeded.seconds.toFixed(1)} s (level sizes ${seeded.levelSizes.join(', ')})`);

  let started = performance.now();
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    // As the seeder: no row triggers. The closure's copies of the paid/linked flags (read by the
    // referral screens, not by the cycle) keep their seeded values.
    await client.query('SET LOCAL session_replication_role = replica');
    // 19-digit UIDs: the seeder's are at most 18 digits, so the unique index never sees a clash.
    await client.query(`
      UPDATE users
         SET bingx_uid = (9000000000000000000 + seq)::text,
             bingx_linked_at = now() - interval '30 days',
             bingx_balance = 250,
             bingx_balance_checked_at = now() - interval '1 day',
             subscription_paid_at = now() - interval '30 days',
             subscription_period_ends_at = now() + interval '335 days',
             subscription_amount = 10`);
    // The seeder's bulk mode skips the trigger that opens each member's ledger account.
    const opened = await client.query(
      'INSERT INTO ledger_accounts (user_id) SELECT id FROM users ON CONFLICT (user_id) DO NOTHING',
    );
    await client.query('COMMIT');
    console.log(
      `Every member compliant, ${count(opened.rowCount ?? 0)} ledger accounts opened (${seconds(started).toFixed(1)} s)`,
    );
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  } finally {
    client.release();
  }
  started = performance.now();
  await pool.query('VACUUM ANALYZE');
  console.log(`VACUUM ANALYZE (${seconds(started).toFixed(1)} s)`);

  const { rows } = await pool.query<{ users: string; closure: string }>(
    'SELECT (SELECT count(*) FROM users) AS users, (SELECT count(*) FROM referral_closure) AS closure',
  );
  const sizes = rows[0]!;
  report.lines.push(
    `Network: ${count(Number(sizes.users))} members, ${depth} levels (level sizes ${seeded.levelSizes.join(', ')}), ` +
      `${count(Number(sizes.closure))} closure rows; seeded in ${seeded.seconds.toFixed(0)} s`,
  );
}

/** Steps 2 and 3: the statement, then the use case, timed alone. */
async function distribute(pool: pg.Pool, config: Config, cycle: number, report: Report): Promise<number> {
  const { rows } = await pool.query<{ uid: string; seq: string }>('SELECT bingx_uid AS uid, seq FROM users');
  const lines = rows.map((row) => ({ uid: row.uid, masterAmount: (1 + (Number(row.seq) % 997) / 100).toFixed(2) }));
  const window = cycleWindow(config.rewards, cycle);
  const clock: Clock = { now: () => new Date(window.endsAt.getTime() + 60_000) };

  // The use case on a Kysely over the same pool, with a log hook that notes each statement's time.
  const statements: { sql: string; ms: number }[] = [];
  const timedDb = new Kysely<Database>({
    dialect: new PostgresDialect({ pool }),
    log: (event) => {
      if (event.level === 'query') {
        statements.push({ sql: event.query.sql.replace(/\s+/g, ' ').trim(), ms: event.queryDurationMillis });
      }
    },
  });
  await pool.query('CHECKPOINT');
  console.log(`\nDistributing cycle ${cycle} to ${count(lines.length)} copiers (load ${loadAverage()})…`);
  const started = performance.now();
  const run = await runRewardCycle(
    { db: timedDb, clock, config, integrations: integrationsFromConfig(config) },
    { cycle, statement: { source: 'UPLOAD', lines }, startedBy: null },
  );
  const elapsed = seconds(started);
  if (run.outcome !== 'DISTRIBUTED') throw new Error(`cycle ${cycle}: ${run.outcome}`);
  const rate = run.rewardsWritten / elapsed;
  console.log(
    `Distributed: ${count(run.rewardsWritten)} rewards in ${elapsed.toFixed(1)} s = ${count(rate)} rows/s ` +
      `(matched ${count(run.matchedCount)} of ${count(run.inputCount)}, paid ${run.totalPaid}, locked ${run.totalLocked})`,
  );
  const slowest = [...statements].sort((a, b) => b.ms - a.ms).slice(0, 4);
  for (const statement of slowest) {
    console.log(`  ${(statement.ms / 1000).toFixed(2)} s  ${statement.sql.slice(0, 110)}…`);
  }
  const { rows: counted } = await pool.query<{ entries: string; counters: string; beneficiaries: string }>(`
    SELECT (SELECT count(*) FROM ledger_entries) AS entries, (SELECT count(*) FROM reward_counts) AS counters,
           (SELECT count(DISTINCT account_id) FROM ledger_entries) AS beneficiaries`);
  const sizes = counted[0]!;
  const inUseCase = statements.reduce((sum, statement) => sum + statement.ms, 0) / 1000;
  const [store, distribution] = [
    statements.find((statement) => statement.sql.includes('INSERT INTO reward_statement_entries')),
    statements.find((statement) => statement.sql.includes('INSERT INTO rewards')),
  ];
  report.lines.push(
    `Distribution (runRewardCycle, cycle ${cycle}, UPLOAD of ${count(run.inputCount)} lines): ` +
      `${count(run.rewardsWritten)} rewards, ${count(Number(sizes.counters))} reward counters, ` +
      `${count(Number(sizes.entries))} ledger entries (${count(Number(sizes.beneficiaries))} beneficiaries) ` +
      `in ${elapsed.toFixed(1)} s = **${count(rate)} rewards/s**; ` +
      `storeStatement ${((store?.ms ?? 0) / 1000).toFixed(1)} s, distributeDownlineRewards ` +
      `${((distribution?.ms ?? 0) / 1000).toFixed(1)} s, all statements ${inUseCase.toFixed(1)} s`,
  );
  distributionRate = rate;
  return run.rewardsWritten;
}
let distributionRate = 0;

/** Step 4: the same rows by COPY (client, psql) and by INSERT … SELECT (server), no indexes. */
async function baselines(pool: pg.Pool, cycle: number, written: number, report: Report): Promise<void> {
  const file = path.join(os.tmpdir(), `uplink-bench-cycle-${process.pid}.copy`);
  let started = performance.now();
  const out = openSync(file, 'w');
  try {
    await psql(`COPY (SELECT * FROM rewards WHERE cycle = ${cycle}) TO STDOUT`, { stdout: out });
  } finally {
    closeSync(out);
  }
  const bytes = statSync(file).size;
  console.log(
    `\nExported the ${count(written)} rewards as COPY text: ${(bytes / 2 ** 20).toFixed(0)} MiB (${seconds(started).toFixed(1)} s)`,
  );
  try {
    const copyInto = async (table: string, like: string) => {
      await pool.query(`CREATE TABLE ${table} (LIKE rewards ${like})`);
      await pool.query('CHECKPOINT');
      const input = openSync(file, 'r');
      const copyStarted = performance.now();
      try {
        await psql(`COPY ${table} FROM STDIN`, { stdin: input });
      } finally {
        closeSync(input);
      }
      const elapsed = seconds(copyStarted);
      await pool.query(`DROP TABLE ${table}`);
      return elapsed;
    };

    const copySeconds = await copyInto('copy_baseline', 'INCLUDING DEFAULTS');
    const copyRate = written / copySeconds;
    console.log(`COPY FROM STDIN (psql), plain table: ${copySeconds.toFixed(1)} s = ${count(copyRate)} rows/s`);

    await pool.query('CREATE TABLE copy_baseline_insert (LIKE rewards INCLUDING DEFAULTS)');
    await pool.query('CHECKPOINT');
    started = performance.now();
    await pool.query(`INSERT INTO copy_baseline_insert SELECT * FROM rewards WHERE cycle = ${cycle}`);
    const insertSeconds = seconds(started);
    await pool.query('DROP TABLE copy_baseline_insert');
    const insertRate = written / insertSeconds;
    console.log(
      `INSERT … SELECT (server-side), plain table: ${insertSeconds.toFixed(1)} s = ${count(insertRate)} rows/s`,
    );

    const indexedSeconds = await copyInto('copy_baseline_indexed', 'INCLUDING ALL');
    const indexedRate = written / indexedSeconds;
    console.log(
      `COPY FROM STDIN (psql), rewards' indexes and checks: ${indexedSeconds.toFixed(1)} s = ${count(indexedRate)} rows/s`,
    );

    const ratio = distributionRate / copyRate;
    report.lines.push(
      `Baseline, the same ${count(written)} rows (${(bytes / 2 ** 20).toFixed(0)} MiB of COPY text): ` +
        `client COPY FROM STDIN into a plain table ${copySeconds.toFixed(1)} s = **${count(copyRate)} rows/s**; ` +
        `server-side INSERT … SELECT into a plain table ${insertSeconds.toFixed(1)} s = ${count(insertRate)} rows/s; ` +
        `client COPY into a table with rewards' indexes and checks ${indexedSeconds.toFixed(1)} s = ${count(indexedRate)} rows/s`,
      `Distribution / COPY (plain) = **${ratio.toFixed(2)}**; / INSERT … SELECT (plain) = ${(distributionRate / insertRate).toFixed(2)}; ` +
        `/ COPY (indexed) = ${(distributionRate / indexedRate).toFixed(2)}`,
    );
    report.verdicts.push(
      `Throughput, distribution / COPY ≥ ${targets.throughputRatio}: ${ratio >= targets.throughputRatio ? 'met' : 'MISSED'} (${ratio.toFixed(2)})`,
    );
  } finally {
    rmSync(file, { force: true });
  }
}

/** Step 5: the two member reads over HTTP, each beside the SQL its use case sends. */
async function measureApi(db: Kysely<Database>, pool: pg.Pool, config: Config, report: Report): Promise<void> {
  await pool.query('VACUUM ANALYZE');
  const { rows } = await pool.query<{ id: string; rewards: string }>(`
    SELECT beneficiary_id AS id, sum(rewards)::text AS rewards FROM reward_counts
     GROUP BY beneficiary_id ORDER BY sum(rewards) DESC LIMIT 1`);
  const subject = rows[0]!;
  console.log(`\nMember with the most rewards: ${subject.id} (${count(Number(subject.rewards))} rewards)`);

  const captured: CompiledQuery[] = [];
  const capturing = new Kysely<Database>({
    dialect: new PostgresDialect({ pool }),
    log: (event) => {
      if (event.level === 'query') captured.push(event.query);
    },
  });
  const capture = async (work: (database: Kysely<Database>) => Promise<unknown>) => {
    captured.length = 0;
    await work(capturing);
    return captured.map((query) => ({ text: query.sql, values: [...query.parameters] }));
  };
  const userQueries = await capture((trx) =>
    viewMemberRewards({ db: trx }, subject.id, memberRewardsQuerySchema.parse({})),
  );
  // The stats read the balance first, then four statements side by side.
  const statsQueries = await capture((trx) =>
    viewRewardStats({ db: trx, clock: systemClock, config }, { id: subject.id, is_admin: false }, subject.id),
  );
  const [balanceQuery, ...statsRest] = statsQueries;

  const app = await buildApp({ config, db, logger: false });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  const token = await app.context.sessionTokens.sign(subject.id);
  const headers = { authorization: `Bearer ${token}` };
  const replay = (query: { text: string; values: unknown[] }) => pool.query(query.text, query.values);
  const cases = [
    {
      call: 'GET /api/rewards/user (page 1, defaults)',
      path: '/api/rewards/user',
      floor: () => Promise.all(userQueries.map(replay)),
    },
    {
      call: `GET /api/rewards/stats/:id`,
      path: `/api/rewards/stats/${subject.id}`,
      floor: async () => {
        if (balanceQuery) await replay(balanceQuery);
        await Promise.all(statsRest.map(replay));
      },
    },
  ];
  report.lines.push(
    '',
    `API, member with the most rewards (${count(Number(subject.rewards))}), ${runs} timed runs per call after ${warmups} warm-ups, API and SQL alternating, times in ms:`,
    '',
    '| call | API p50 | API p95 | SQL p50 | SQL p95 | ratio p50 | ratio p95 | response |',
    '|---|---:|---:|---:|---:|---:|---:|---:|',
  );
  try {
    for (const benchCase of cases) {
      let bytes = 0;
      const [api, floor] = await timePair(async () => {
        const response = await fetch(`${address}${benchCase.path}`, { headers });
        const body = await response.text();
        if (response.status !== 200) throw new Error(`${benchCase.path}: ${response.status} ${body.slice(0, 200)}`);
        bytes = Buffer.byteLength(body);
      }, benchCase.floor);
      const ratio = api.p95 / floor.p95;
      const line = `| ${benchCase.call} | ${ms(api.p50)} | ${ms(api.p95)} | ${ms(floor.p50)} | ${ms(floor.p95)} | ${(api.p50 / floor.p50).toFixed(2)} | ${ratio.toFixed(2)} | ${(bytes / 1024).toFixed(1)} KiB |`;
      console.log(line);
      report.lines.push(line);
      report.verdicts.push(
        `${benchCase.call}: p95 ≤ ${targets.apiP95Ms} ms ${api.p95 <= targets.apiP95Ms ? 'met' : 'MISSED'} (${ms(api.p95)} ms); ` +
          `API / SQL p95 ≤ ${targets.apiRatio} ${ratio <= targets.apiRatio ? 'met' : 'MISSED'} (${ratio.toFixed(2)})`,
      );
    }
  } finally {
    await app.close();
  }
}

/**
 * The distribution statement under EXPLAIN (ANALYZE, BUFFERS) for `cycle`, on one connection in
 * a transaction that is rolled back: the statement it sends is the repository's own, prefixed.
 */
async function explainDistribution(pool: pg.Pool, config: Config, cycle: number): Promise<void> {
  const client = await pool.connect();
  const plans: string[] = [];
  const onConnection: PostgresPool = {
    connect: async () => ({
      query: (text: string, parameters: readonly unknown[]) =>
        client
          .query(text.includes('INSERT INTO rewards') ? `EXPLAIN (ANALYZE, BUFFERS) ${text}` : text, [...parameters])
          .then((result) => {
            if (text.includes('INSERT INTO rewards')) {
              plans.push(result.rows.map((row: Record<string, string>) => row['QUERY PLAN']).join('\n'));
            }
            return { ...result, rows: result.rows };
          }),
      release: () => {},
    }),
    end: async () => {},
  } as unknown as PostgresPool;
  const explaining = new Kysely<Database>({ dialect: new PostgresDialect({ pool: onConnection }) });
  try {
    await client.query('BEGIN');
    const { rows } = await client.query<{ uid: string; seq: string }>('SELECT bingx_uid AS uid, seq FROM users');
    const lines = rows.map((row) => ({ uid: row.uid, masterAmount: (1 + (Number(row.seq) % 997) / 100).toFixed(2) }));
    await storeStatement(explaining, cycle, lines);
    const plan = await findCurrentRewardPlan(explaining);
    const at = new Date(cycleWindow(config.rewards, cycle).endsAt.getTime() + 60_000);
    await distributeDownlineRewards(explaining, cycle, plan, config.exchange.minimumDeposit, at);
    console.log(`\nEXPLAIN (ANALYZE, BUFFERS) of the distribution statement, cycle ${cycle} (rolled back):\n`);
    console.log(plans.join('\n'));
  } finally {
    await client.query('ROLLBACK');
    client.release();
  }
}

await main();
