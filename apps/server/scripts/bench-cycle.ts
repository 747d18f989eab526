/**
 * Reward-cycle benchmark on PostgreSQL: one cycle distributed to a network of copiers.
 *
 *   npm run bench:cycle -- [--members 1000000] [--depth 15] [--runs 200] [--keep] [--explain]
 *
 * In one run, against a fresh database `uplink_bench_cycle` (or `$BENCH_CYCLE_DATABASE`) on the
 * server of DATABASE_URL (default: the local test server), migrated to the latest schema:
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
import { memberRewardsQuerySchema } from '@uplink/contract/member-rewards';
import { Kysely, PostgresDialect, type PostgresPool } from 'kysely';
import type pg from 'pg';
import { buildApp } from '../src/app';
import { systemClock } from '../src/clock';
import type { Config } from '../src/config/load-config';
import type { Database } from '../src/db/schema';
import { cycleWindow } from '../src/modules/rewards/reward-cycle-calendar';
import { storeStatement, writeRewardChunk } from '../src/modules/rewards/reward-load-repository';
import { findCurrentRewardPlan } from '../src/modules/rewards/rewards-repository';
import { viewMemberRewards } from '../src/modules/rewards/view-member-rewards';
import { viewRewardStats } from '../src/modules/rewards/view-reward-stats';
import {
  benchDatabaseUrl,
  benchOnDistributedCycle,
  type CapturedQuery,
  callTableHeader,
  callTableRow,
  count,
  type Distribution,
  ms,
  parseNetworkBenchArgs,
  queryCapture,
  readCopierStatement,
  replay,
  seconds,
  timeCall,
} from './bench-kit';

const { members, depth, runs, warmups, keep, flags } = parseNetworkBenchArgs(['explain']);
// BENCH_CYCLE_DATABASE: another name when two checkouts bench on one server (each drops its own).
const benchDatabaseName = process.env.BENCH_CYCLE_DATABASE ?? 'uplink_bench_cycle';
const benchUrl = benchDatabaseUrl(benchDatabaseName);

/** Targets of the brief. */
const targets = { throughputRatio: 0.5, apiP95Ms: 20, apiRatio: 2 };

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

interface Report {
  lines: string[];
  verdicts: string[];
}

async function main(): Promise<void> {
  const report: Report = { lines: [], verdicts: [] };
  // Steps 1 to 3: the network, every member compliant; the statement, then the use case, timed alone.
  await benchOnDistributedCycle(
    { name: 'bench-cycle', databaseName: benchDatabaseName, members, depth, keep, minimumCycle: 2 },
    report.lines,
    async ({ database, config, cycle, distribution }) => {
      await baselines(database.pool, cycle, distribution, report);
      await measureApi(database.db, database.pool, config, report);
      if (flags.explain) await explainDistribution(database.pool, config, cycle - 1);
    },
  );
  console.log(`\n${report.verdicts.join('\n')}`);
}

/** Step 4: the same rows by COPY (client, psql) and by INSERT … SELECT (server), no indexes. */
async function baselines(
  pool: pg.Pool,
  cycle: number,
  { written, rate: distributionRate }: Distribution,
  report: Report,
): Promise<void> {
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

  const capture = queryCapture(pool);
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
  const token = app.context.sessionTokens.sign(subject.id);
  const headers = { authorization: `Bearer ${token}` };
  const replayed = (query: CapturedQuery) => replay(pool, query);
  const cases = [
    {
      call: 'GET /api/rewards/user (page 1, defaults)',
      path: '/api/rewards/user',
      floor: () => Promise.all(userQueries.map(replayed)),
    },
    {
      call: `GET /api/rewards/stats/:id`,
      path: `/api/rewards/stats/${subject.id}`,
      floor: async () => {
        if (balanceQuery) await replayed(balanceQuery);
        await Promise.all(statsRest.map(replayed));
      },
    },
  ];
  report.lines.push(
    '',
    `API, member with the most rewards (${count(Number(subject.rewards))}), ${runs} timed runs per call after ${warmups} warm-ups, API and SQL alternating, times in ms:`,
    '',
    ...callTableHeader,
  );
  try {
    for (const benchCase of cases) {
      const timing = await timeCall(`${address}${benchCase.path}`, headers, benchCase.floor, { runs, warmups });
      const { api } = timing;
      const ratio = api.p95 / timing.floor.p95;
      const line = callTableRow(benchCase.call, timing);
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
  // The rewards chunk (it writes into the cycle's load table): the statement that reads its cursor.
  const isChunk = (text: string) => text.includes('SELECT rewards_through');
  const onConnection: PostgresPool = {
    connect: async () => ({
      query: (text: string, parameters: readonly unknown[]) =>
        client.query(isChunk(text) ? `EXPLAIN (ANALYZE, BUFFERS) ${text}` : text, [...parameters]).then((result) => {
          if (isChunk(text)) {
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
    const lines = await readCopierStatement(client);
    const at = new Date(cycleWindow(config.rewards, cycle).endsAt.getTime() + 60_000);
    await storeStatement(explaining, cycle, lines, config.exchange.minimumBalance, at);
    const plan = await findCurrentRewardPlan(explaining);
    // One chunk of every copier: the plan of the rewards statement itself, whatever the run's chunk size.
    await writeRewardChunk(explaining, cycle, plan, at, lines.length + 1);
    console.log(`\nEXPLAIN (ANALYZE, BUFFERS) of the distribution statement, cycle ${cycle} (rolled back):\n`);
    console.log(plans.join('\n'));
  } finally {
    await client.query('ROLLBACK');
    client.release();
  }
}

await main();
