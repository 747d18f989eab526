/**
 * What the PostgreSQL benchmarks of a distributed cycle share (`bench-cycle`, `bench-admin`): a
 * fresh database on the server of DATABASE_URL (default: the local test server), the compliant
 * network and its distributed cycle, the capture of the SQL a use case sends (the floor an API
 * call is measured against) and the timing of an API call beside that floor.
 */
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { Kysely, PostgresDialect } from 'kysely';
import type pg from 'pg';
import type { Clock } from '../src/clock';
import { type Config, loadConfig } from '../src/config/load-config';
import { type DatabaseHandle, openDatabase } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrator';
import type { Database } from '../src/db/schema';
import { integrationsFromConfig } from '../src/integrations';
import { cycleWindow, lastFinishedCycle } from '../src/modules/rewards/reward-cycle-calendar';
import { runRewardCycle } from '../src/modules/rewards/run-reward-cycle';
import { databaseUrlOn, withAdminClient } from '../src/testing/test-database';
import { rebuildUserCounts, seedNetwork } from './seed-network';

export const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export const benchDatabaseUrl = (databaseName: string) => databaseUrlOn(serverUrl, databaseName);

export function recreateDatabase(databaseName: string): Promise<void> {
  return withAdminClient(serverUrl, async (client) => {
    await client.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
    await client.query(`CREATE DATABASE ${databaseName}`);
  });
}

export async function dropDatabase(databaseName: string): Promise<void> {
  await withAdminClient(serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`));
  console.log(`Dropped ${databaseName} (use --keep to keep it)`);
}

/** The app's configuration on the bench database: test mode, silent, no demo data. */
export function benchConfig(databaseUrl: string, name: string): Config {
  return {
    ...loadConfig({
      NODE_ENV: 'test',
      DATABASE_URL: databaseUrl,
      JWT_SECRET: 'bench-secret-that-is-long-enough-for-hs256-signing',
      DATA_DIR: path.join(os.tmpdir(), `uplink-${name}-data`),
      SEED_DEMO: 'false',
      DEMO_CHAIN: 'false',
      LOG_LEVEL: 'silent',
    }),
    webDistDir: '/nonexistent',
  };
}

export const loadAverage = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' / ');
export const seconds = (startedMs: number) => (performance.now() - startedMs) / 1000;
export const count = (value: number) => Math.round(value).toLocaleString('en-US');
export const ms = (value: number) => value.toFixed(2);

export interface Timing {
  p50: number;
  p95: number;
  mean: number;
}

export function summarise(samples: number[]): Timing {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (quantile: number) => sorted[Math.min(sorted.length - 1, Math.ceil(quantile * sorted.length) - 1)] ?? 0;
  return { p50: at(0.5), p95: at(0.95), mean: sorted.reduce((a, b) => a + b, 0) / sorted.length };
}

export interface TimingRuns {
  runs: number;
  warmups: number;
}

/** The API call and its SQL floor, alternating run by run so both see the same machine load. */
export async function timePair(
  api: () => Promise<unknown>,
  floor: () => Promise<unknown>,
  { runs, warmups }: TimingRuns,
): Promise<[Timing, Timing]> {
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

export interface CallTiming {
  api: Timing;
  floor: Timing;
  /** Size of the last response body. */
  bytes: number;
}

const keepAlive = new http.Agent({ keepAlive: true, maxSockets: 1 });

/**
 * `GET url` over one kept-alive connection with node:http: the client's own cost stays small
 * beside the API's (fetch, run in the server's own process, added up to a millisecond a call).
 */
export function getText(url: string, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent: keepAlive, headers }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        body += chunk;
      });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on('error', reject);
  });
}

/** `GET url` (which must answer 200) beside its floor. */
export async function timeCall(
  url: string,
  headers: Record<string, string>,
  floor: () => Promise<unknown>,
  runs: TimingRuns,
): Promise<CallTiming> {
  let bytes = 0;
  const [api, floorTiming] = await timePair(
    async () => {
      const { status, body } = await getText(url, headers);
      if (status !== 200) throw new Error(`${url}: ${status} ${body.slice(0, 200)}`);
      bytes = Buffer.byteLength(body);
    },
    floor,
    runs,
  );
  return { api, floor: floorTiming, bytes };
}

export const callTableHeader = [
  '| call | API p50 | API p95 | SQL p50 | SQL p95 | ratio p50 | ratio p95 | response |',
  '|---|---:|---:|---:|---:|---:|---:|---:|',
];

export function callTableRow(call: string, { api, floor, bytes }: CallTiming): string {
  return `| ${call} | ${ms(api.p50)} | ${ms(api.p95)} | ${ms(floor.p50)} | ${ms(floor.p95)} | ${(api.p50 / floor.p50).toFixed(2)} | ${(api.p95 / floor.p95).toFixed(2)} | ${(bytes / 1024).toFixed(1)} KiB |`;
}

export interface CapturedQuery {
  text: string;
  values: unknown[];
}

/**
 * Runs a use case on a Kysely over `pool` that notes every statement it sends, and answers them
 * in order: replayed bare through node-postgres, they are the floor of the API call.
 */
export function queryCapture(
  pool: pg.Pool,
): (work: (db: Kysely<Database>) => Promise<unknown>) => Promise<CapturedQuery[]> {
  const captured: CapturedQuery[] = [];
  const capturing = new Kysely<Database>({
    dialect: new PostgresDialect({ pool }),
    log: (event) => {
      if (event.level === 'query') captured.push({ text: event.query.sql, values: [...event.query.parameters] });
    },
  });
  return async (work) => {
    captured.length = 0;
    await work(capturing);
    return [...captured];
  };
}

export const replay = (pool: pg.Pool, query: CapturedQuery) => pool.query(query.text, query.values);

export interface NetworkShape {
  members: number;
  depth: number;
  databaseName: string;
}

/**
 * The network of `seed-network`, every member compliant, each with a ledger account; answers the
 * report's line about it.
 */
export async function prepareCompliantNetwork(
  db: Kysely<Database>,
  pool: pg.Pool,
  { members, depth, databaseName }: NetworkShape,
): Promise<string> {
  console.log(`Seeding ${members} members, ${depth} levels deep, into ${databaseName}…`);
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
    // The update above ran without the counting triggers.
    await rebuildUserCounts(db);
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
  return (
    `Network: ${count(Number(sizes.users))} members, ${depth} levels (level sizes ${seeded.levelSizes.join(', ')}), ` +
    `${count(Number(sizes.closure))} closure rows; seeded in ${seeded.seconds.toFixed(0)} s`
  );
}

/** The cycle's statement: every member copies, with master amount 1 + (seq mod 997) / 100. */
export async function readCopierStatement(
  queryable: pg.Pool | pg.PoolClient,
): Promise<{ uid: string; masterAmount: string }[]> {
  const { rows } = await queryable.query<{ uid: string; seq: string }>('SELECT bingx_uid AS uid, seq FROM users');
  return rows.map((row) => ({ uid: row.uid, masterAmount: (1 + (Number(row.seq) % 997) / 100).toFixed(2) }));
}

export interface Distribution {
  written: number;
  /** Rewards written per second by the use case. */
  rate: number;
  /** The report's line about it. */
  line: string;
}

/** Distributes `cycle` through the real use case (UPLOAD, a clock just after the cycle's end), timed alone. */
export async function distributeCycle(pool: pg.Pool, config: Config, cycle: number): Promise<Distribution> {
  const lines = await readCopierStatement(pool);
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
  const store = statements.find((statement) => statement.sql.includes('INSERT INTO reward_statement_entries'));
  // The run writes rewards and books the ledger a chunk per transaction: their statements, summed.
  const chunksOf = (marker: string) => statements.filter((statement) => statement.sql.includes(marker));
  // A rewards chunk writes into the cycle's load table: the statement that reads the chunk's cursor.
  const rewardChunks = chunksOf('SELECT rewards_through');
  const attach = chunksOf('rewards_attach_load');
  const summing = chunksOf('INSERT INTO reward_cycle_sums');
  const bookingChunks = chunksOf('INSERT INTO ledger_entries');
  const secondsOf = (chunks: { ms: number }[]) => (chunks.reduce((sum, chunk) => sum + chunk.ms, 0) / 1000).toFixed(1);
  const line =
    `Distribution (runRewardCycle, cycle ${cycle}, UPLOAD of ${count(run.inputCount)} lines): ` +
    `${count(run.rewardsWritten)} rewards, ${count(Number(sizes.counters))} reward counters, ` +
    `${count(Number(sizes.entries))} ledger entries (${count(Number(sizes.beneficiaries))} beneficiaries) ` +
    `in ${elapsed.toFixed(1)} s = **${count(rate)} rewards/s**; ` +
    `storeStatement ${((store?.ms ?? 0) / 1000).toFixed(1)} s, rewards ${secondsOf(rewardChunks)} s in ` +
    `${rewardChunks.length} chunks, indexes built and attached ${secondsOf(attach)} s, ` +
    `rewards summed per beneficiary ${secondsOf(summing)} s, ` +
    `ledger ${secondsOf(bookingChunks)} s in ${bookingChunks.length} chunks, ` +
    `all statements ${inUseCase.toFixed(1)} s`;
  return { written: run.rewardsWritten, rate, line };
}

export interface NetworkBenchArgs {
  members: number;
  depth: number;
  runs: number;
  warmups: number;
  keep: boolean;
  /** Whether each extra flag asked for was given. */
  flags: Record<string, boolean>;
}

/** The command line every network bench takes: --members --depth --runs --warmups --keep, and its own flags. */
export function parseNetworkBenchArgs(extraFlags: readonly string[] = []): NetworkBenchArgs {
  const { values } = parseArgs({
    options: {
      members: { type: 'string', default: '1000000' },
      depth: { type: 'string', default: '15' },
      runs: { type: 'string', default: '200' },
      warmups: { type: 'string', default: '20' },
      keep: { type: 'boolean', default: false },
      ...Object.fromEntries(extraFlags.map((flag) => [flag, { type: 'boolean' as const, default: false }])),
    },
  });
  const members = Number(values.members);
  const depth = Number(values.depth);
  const runs = Number(values.runs);
  const warmups = Number(values.warmups);
  if (!Number.isInteger(members) || members < 2 || !Number.isInteger(depth) || depth < 1 || depth > 15) {
    throw new Error('--members must be an integer ≥ 2 and --depth 1..15');
  }
  if (!Number.isInteger(runs) || runs < 1 || !Number.isInteger(warmups) || warmups < 0) {
    throw new Error('--runs must be an integer ≥ 1 and --warmups ≥ 0');
  }
  const given = values as Record<string, string | boolean | undefined>;
  return {
    members,
    depth,
    runs,
    warmups,
    keep: values.keep === true,
    flags: Object.fromEntries(extraFlags.map((flag) => [flag, given[flag] === true])),
  };
}

export interface DistributedCycleBench {
  database: DatabaseHandle;
  config: Config;
  cycle: number;
  distribution: Distribution;
}

export interface DistributedCycleBenchOptions extends NetworkShape {
  /** Names the bench's data folder. */
  name: string;
  keep: boolean;
  /** The last finished cycle must be at least this one (a bench may read the cycles before it). */
  minimumCycle: number;
}

/**
 * What `bench-cycle` and `bench-admin` run inside: the load average at the start; a fresh
 * migrated database with the compliant network and the last finished cycle distributed (their
 * lines added to `lines`); then `work`; the database dropped unless kept; then the summary's
 * heading, the load averages and `lines`.
 */
export async function benchOnDistributedCycle(
  options: DistributedCycleBenchOptions,
  lines: string[],
  work: (bench: DistributedCycleBench) => Promise<void>,
): Promise<void> {
  const { members, depth, databaseName, minimumCycle } = options;
  const startLoad = loadAverage();
  console.log(`Load average at start (1 / 5 / 15 min): ${startLoad}`);
  await recreateDatabase(databaseName);
  const databaseUrl = benchDatabaseUrl(databaseName);
  const database = await openDatabase({ databaseUrl, pgliteDataDir: 'memory://', poolSize: 10 });
  try {
    await migrateToLatest(database.db);
    const config = benchConfig(databaseUrl, options.name);
    lines.push(await prepareCompliantNetwork(database.db, database.pool, { members, depth, databaseName }));
    const cycle = lastFinishedCycle(config.rewards, new Date());
    if (cycle < minimumCycle) {
      throw new Error(`the last finished cycle is ${cycle}; the bench needs ${minimumCycle} or more`);
    }
    const distribution = await distributeCycle(database.pool, config, cycle);
    lines.push(distribution.line);
    await work({ database, config, cycle, distribution });
  } finally {
    await database.close();
    if (!options.keep) await dropDatabase(databaseName);
  }
  const endLoad = loadAverage();
  console.log(`\n## Summary (${members.toLocaleString('en-US')} members, ${depth} levels)\n`);
  console.log(`Load average (1 / 5 / 15 min): ${startLoad} at the start, ${endLoad} at the end\n`);
  console.log(lines.join('\n'));
}
