/**
 * Read-replica benchmark on PostgreSQL 15 (issue 26): admin reads on a streaming replica beside
 * the same reads on the primary, the replica's lag while a cycle is distributed, and a kill of the
 * replica in the middle of a load of admin reads.
 *
 *   npm run bench:replica -- [--members 1000000] [--depth 15] [--runs 200] [--warmups 20] [--keep]
 *
 * In one run:
 *
 * 1. starts a primary and its streaming replica of our own on free ports (`startStreamingPair`:
 *    initdb, pg_basebackup -R -X stream, as the `postgres` user), creates and migrates a database
 *    `uplink` on the primary;
 * 2. seeds a network of --members, every member compliant (bench-kit, as bench:cycle and
 *    bench:admin), makes the network's root the administrator, gives one member in ten a
 *    withdrawal (set-based, 5 % pending), and waits until the replica has replayed all of it;
 * 3. starts the real app twice on the same primary, once with DATABASE_REPLICA_URL set to the
 *    replica and once without, and times the members' first page, a member search, the
 *    withdrawals' first page and the dashboard over HTTP, alternating the two apps run by run;
 * 4. distributes the last finished cycle through `runRewardCycle` on the primary while sampling,
 *    every 100 ms, the replica's replay lag in bytes (the primary's current LSN against the
 *    replica's replay LSN) and seconds (as the app measures it, and the primary's
 *    `pg_stat_replication.replay_lag`) and what `uplink_replica_lag_seconds` reported;
 * 5. runs 8 concurrent clients of admin reads against the app with the replica, kills the replica
 *    (`pg_ctl stop -m immediate`) after `beforeKillMs`, and reports requests, errors that reached
 *    a client, latency before, during and after the kill, and the statements each side served;
 * 6. prints the load average at the start and the end; stops both servers and removes their data
 *    directories unless --keep.
 *
 * The server and the clients share this process, so the times include the clients' own work.
 */
import { tmpdir } from 'node:os';
import { adminUsersQuerySchema } from '@uplink/contract/admin-users';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/app';
import { systemClock } from '../src/clock';
import type { Config } from '../src/config/load-config';
import { type DatabaseHandle, openDatabase } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrator';
import { metricsRegistry } from '../src/metrics-registry';
import { listUsers } from '../src/modules/admin-users/list-users';
import { recordReplicaCheck } from '../src/modules/metrics/database-metrics';
import { lastFinishedCycle } from '../src/modules/rewards/reward-cycle-calendar';
import { startStreamingPair, streamingReplicaUnavailable } from '../src/testing/streaming-replica';
import { withAdminClient } from '../src/testing/test-database';
import {
  benchConfig,
  count,
  distributeCycle,
  getText,
  loadAverage,
  ms,
  parseNetworkBenchArgs,
  prepareCompliantNetwork,
  seconds,
  summarise,
  timePair,
} from './bench-kit';
import { insertBenchWithdrawals } from './bench-withdrawal-rows';

const { members, depth, runs, warmups, keep } = parseNetworkBenchArgs();
const databaseName = 'uplink';
/** The load of admin reads around the kill: 8 administrators' screens at once. */
const clients = 8;
const beforeKillMs = 5_000;
/** Requests started this long after the kill count as "during" (the replica check runs every second). */
const duringKillMs = 3_000;
const afterKillMs = 10_000;
const lagSampleMs = 100;

interface AdminCall {
  call: string;
  path: string;
}

async function main(): Promise<void> {
  const unavailable = streamingReplicaUnavailable();
  if (unavailable) throw new Error(`no streaming replica on this machine: ${unavailable}`);
  const startLoad = loadAverage();
  console.log(`Load average at start (1 / 5 / 15 min): ${startLoad}`);
  const report: string[] = [];
  let started = performance.now();
  const pair = await startStreamingPair();
  console.log(`Primary ${pair.primaryUrl}, replica ${pair.replicaUrl} (${seconds(started).toFixed(1)} s)`);
  const onUplink = (url: string) => url.replace(/\/postgres$/, `/${databaseName}`);
  const primaryUrl = onUplink(pair.primaryUrl);
  const replicaUrl = onUplink(pair.replicaUrl);
  const databases: DatabaseHandle[] = [];
  const apps: FastifyInstance[] = [];
  try {
    await withAdminClient(pair.primaryUrl, (client) => client.query(`CREATE DATABASE ${databaseName}`));
    const primaryOnly = await openDatabase({ databaseUrl: primaryUrl, pgliteDataDir: 'memory://', poolSize: 10 });
    databases.push(primaryOnly);
    await migrateToLatest(primaryOnly.db);
    const base = benchConfig(primaryUrl, 'bench-replica');
    const config: Config = { ...base, replica: { ...base.replica, url: replicaUrl } };

    report.push(await prepareCompliantNetwork(primaryOnly.db, primaryOnly.pool, { members, depth, databaseName }));
    const administratorId = await appointAdministrator(primaryOnly.pool);
    report.push(await seedWithdrawals(primaryOnly.pool, administratorId));
    started = performance.now();
    await primaryOnly.pool.query('VACUUM ANALYZE');
    console.log(`VACUUM ANALYZE (${seconds(started).toFixed(1)} s)`);
    report.push(await waitForReplay(primaryOnly.pool, replicaUrl, 'the seeding'));

    // The app as the server runs it with DATABASE_REPLICA_URL (server-runtime's openServerDatabase).
    const withReplica = await openDatabase({
      databaseUrl: config.databaseUrl,
      pgliteDataDir: 'memory://',
      poolSize: 10,
      replicaUrl: config.replica.url,
      replicaMaxLagSeconds: config.replica.maxLagSeconds,
      replicaCheckIntervalMs: config.replica.checkIntervalMs,
      onReplicaCheck: recordReplicaCheck,
    });
    databases.push(withReplica);
    const replica = withReplica.replica;
    if (!replica?.state.inUse) throw new Error(`the replica is not in use: ${JSON.stringify(replica?.state)}`);
    const replicaApp = await buildApp({ config, db: withReplica.db, readDb: withReplica.readDb, logger: false });
    const primaryApp = await buildApp({ config: base, db: primaryOnly.db, logger: false });
    apps.push(replicaApp, primaryApp);
    const replicaAddress = await replicaApp.listen({ host: '127.0.0.1', port: 0 });
    const primaryAddress = await primaryApp.listen({ host: '127.0.0.1', port: 0 });
    const headers = { authorization: `Bearer ${replicaApp.context.sessionTokens.sign(administratorId)}` };

    const calls = await adminCalls(primaryOnly, report);
    report.push(
      '',
      `Admin reads, ${runs} timed runs per call after ${warmups} warm-ups, the two apps alternating, times in ms:`,
      '',
      '| call | replica p50 | replica p95 | primary p50 | primary p95 | statements on the replica / primary |',
      '|---|---:|---:|---:|---:|---:|',
    );
    for (const adminCall of calls) {
      const before = { ...replica.served };
      const get = (address: string) => async () => {
        const { status, body } = await getText(`${address}${adminCall.path}`, headers);
        if (status !== 200) throw new Error(`${adminCall.path}: ${status} ${body.slice(0, 200)}`);
      };
      const [onReplica, onPrimary] = await timePair(get(replicaAddress), get(primaryAddress), { runs, warmups });
      const line =
        `| ${adminCall.call} | ${ms(onReplica.p50)} | **${ms(onReplica.p95)}** | ${ms(onPrimary.p50)} | ` +
        `${ms(onPrimary.p95)} | ${count(replica.served.replica - before.replica)} / ` +
        `${count(replica.served.primary + replica.served.fellBack - before.primary - before.fellBack)} |`;
      console.log(line);
      report.push(line);
    }

    const cycle = lastFinishedCycle(config.rewards, new Date());
    if (cycle < 1) throw new Error(`the last finished cycle is ${cycle}; the bench needs one`);
    report.push('', ...(await distributeWhileSampling(primaryOnly.pool, replicaUrl, config, cycle)));
    report.push(await waitForReplay(primaryOnly.pool, replicaUrl, 'the distribution'));
    await replica.check();

    report.push('', ...(await killDuringLoad(replicaAddress, calls, headers, withReplica, pair.killReplica)));
  } finally {
    for (const app of apps) await app.close();
    for (const database of databases.reverse()) await database.close();
    if (keep) {
      console.log(
        `Left the primary (${pair.primaryUrl}) and the replica (${pair.replicaUrl}) running, their data in ` +
          `${tmpdir()}/uplink-replica-* (--keep): stop them with pg_ctl -D <dir> stop as the postgres user`,
      );
    } else {
      await pair.stop();
      console.log('Stopped the primary and the replica, removed their data directories (use --keep to keep them)');
    }
  }
  const endLoad = loadAverage();
  console.log(`\n## Summary (${count(members)} members, ${depth} levels)\n`);
  console.log(`Load average (1 / 5 / 15 min): ${startLoad} at the start, ${endLoad} at the end\n`);
  console.log(report.join('\n'));
}

/** The network's root becomes the administrator whose session makes the calls. */
async function appointAdministrator(pool: pg.Pool): Promise<string> {
  const { rows } = await pool.query<{ id: string }>(
    "UPDATE users SET is_admin = true, admin_role = 'OWNER', admin_status = 'ACTIVE' WHERE sponsor_id IS NULL RETURNING id",
  );
  if (rows.length !== 1) throw new Error(`expected one network root, found ${rows.length}`);
  return rows[0]!.id;
}

/**
 * One withdrawal for every tenth member, with its verified code and its ledger hold, 5 % pending
 * and the rest decided; loaded with the triggers off, the per-status totals set once afterwards.
 */
async function seedWithdrawals(pool: pg.Pool, administratorId: string): Promise<string> {
  const started = performance.now();
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('SET LOCAL session_replication_role = replica');
    await client.query(`
      CREATE TEMP TABLE bench_rows ON COMMIT DROP AS
      SELECT row_number() OVER (ORDER BY seq) AS n, gen_random_uuid() AS withdrawal_id,
             gen_random_uuid() AS code_id, id AS member_id
        FROM users WHERE sponsor_id IS NOT NULL AND seq % 10 = 0`);
    await insertBenchWithdrawals(client, administratorId);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  } finally {
    client.release();
  }
  const { rows } = await pool.query<{ total: string; pending: string }>(
    `SELECT count(*) AS total, count(*) FILTER (WHERE status = 'PENDING') AS pending FROM withdrawals`,
  );
  const line = `Withdrawals: ${count(Number(rows[0]!.total))} (${count(Number(rows[0]!.pending))} pending), one per tenth member (${seconds(started).toFixed(1)} s)`;
  console.log(line);
  return line;
}

/** Until the replica has replayed everything the primary had written when called; answers the report's line. */
async function waitForReplay(primary: pg.Pool, replicaUrl: string, after: string): Promise<string> {
  const started = performance.now();
  const { rows } = await primary.query<{ lsn: string }>('SELECT pg_current_wal_lsn()::text AS lsn');
  const target = rows[0]!.lsn;
  const replica = new pg.Client({ connectionString: replicaUrl });
  await replica.connect();
  try {
    for (;;) {
      const { rows: replayed } = await replica.query<{ behind: string }>(
        'SELECT pg_wal_lsn_diff($1::pg_lsn, pg_last_wal_replay_lsn()) AS behind',
        [target],
      );
      if (Number(replayed[0]!.behind) <= 0) break;
      await sleep(100);
    }
  } finally {
    await replica.end();
  }
  const line = `Replica caught up with ${after} (the primary's LSN ${target}) ${seconds(started).toFixed(1)} s after it ended`;
  console.log(line);
  return line;
}

/** The calls measured, with the search fragment taken from the data (as bench:admin chooses it). */
async function adminCalls(database: DatabaseHandle, report: string[]): Promise<AdminCall[]> {
  const { rows } = await database.pool.query<{ email: string }>(`
    SELECT email FROM users WHERE seq >= (SELECT (min(seq) + max(seq)) / 2 FROM users) ORDER BY seq LIMIT 1`);
  const email = rows[0]!.email;
  const local = email.slice(0, email.indexOf('@'));
  const centre = Math.floor(local.length / 2);
  const fragment = local.slice(Math.max(0, centre - 3), centre + 3);
  const deps = { db: database.db, readDb: database.db, clock: systemClock };
  const matching = (await listUsers(deps, adminUsersQuerySchema.parse({ search: fragment }))).pagination.totalUsers;
  report.push(
    `Member search: "${fragment}" (6 characters from the middle of the local part of ${email}) matches ${count(matching)} members`,
  );
  return [
    { call: '`GET /api/users/admin/all` (page 1, defaults)', path: '/api/users/admin/all' },
    {
      call: `\`GET /api/users/admin/all?search=${fragment}\` (${count(matching)} members)`,
      path: `/api/users/admin/all?${new URLSearchParams({ search: fragment })}`,
    },
    { call: '`GET /api/withdrawals/admin/all` (page 1, defaults)', path: '/api/withdrawals/admin/all' },
    { call: '`GET /api/users/admin/overall-stats`', path: '/api/users/admin/overall-stats' },
  ];
}

interface LagSample {
  bytes: number;
  /** The primary's `pg_stat_replication.replay_lag` (null when it has nothing to report). */
  replayLag: number | null;
  /** `uplink_replica_lag_seconds` at that moment (the app's last check, every second). */
  gauge: number;
}

/** The cycle's distribution on the primary, the replica's lag sampled every `lagSampleMs` meanwhile. */
async function distributeWhileSampling(
  primary: pg.Pool,
  replicaUrl: string,
  config: Config,
  cycle: number,
): Promise<string[]> {
  const samples: LagSample[] = [];
  const primaryClient = await primary.connect();
  const replicaClient = new pg.Client({ connectionString: replicaUrl });
  await replicaClient.connect();
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      const next = performance.now() + lagSampleMs;
      const { rows: onReplica } = await replicaClient.query<{ lsn: string }>(
        'SELECT pg_last_wal_replay_lsn()::text AS lsn',
      );
      const { rows: onPrimary } = await primaryClient.query<{ bytes: string; replay_lag: number | null }>(
        `SELECT pg_wal_lsn_diff(pg_current_wal_lsn(), $1::pg_lsn) AS bytes,
                (SELECT extract(epoch FROM replay_lag)::float8 FROM pg_stat_replication LIMIT 1) AS replay_lag`,
        [onReplica[0]!.lsn],
      );
      const gauge = await metricsRegistry.getSingleMetricAsString('uplink_replica_lag_seconds');
      samples.push({
        bytes: Math.max(0, Number(onPrimary[0]!.bytes)),
        replayLag: onPrimary[0]!.replay_lag,
        gauge: Number(gauge.match(/^uplink_replica_lag_seconds (\S+)$/m)?.[1] ?? Number.NaN),
      });
      await sleep(Math.max(0, next - performance.now()));
    }
  })();
  const started = performance.now();
  let distribution: Awaited<ReturnType<typeof distributeCycle>>;
  try {
    distribution = await distributeCycle(primary, config, cycle);
  } finally {
    sampling = false;
    await sampler.catch((error: unknown) => console.error('lag sampler failed', error));
    primaryClient.release();
    await replicaClient.end();
  }
  const elapsed = seconds(started);
  const stat = (values: number[], unit: (value: number) => string) => {
    const timing = summarise(values);
    return `p50 ${unit(timing.p50)}, p95 **${unit(timing.p95)}**, max **${unit(Math.max(...values))}**`;
  };
  const mib = (value: number) => `${(value / 1024 / 1024).toFixed(1)} MiB`;
  const secs = (value: number) => `${value.toFixed(2)} s`;
  const replayLags = samples.flatMap((sample) => (sample.replayLag === null ? [] : [sample.replayLag]));
  const gauges = samples.map((sample) => sample.gauge).filter((value) => Number.isFinite(value));
  const lines = [
    distribution.line,
    '',
    `Replica lag during the distribution (${elapsed.toFixed(1)} s, ${samples.length} samples every ${lagSampleMs} ms ` +
      `— fewer when this process was busy):`,
    '',
    `- bytes (primary's current LSN − replica's replay LSN): ${stat(
      samples.map((sample) => sample.bytes),
      mib,
    )}`,
    replayLags.length > 0
      ? `- seconds, the primary's pg_stat_replication.replay_lag: ${stat(replayLags, secs)}`
      : '- the primary reported no replay_lag',
    `- \`uplink_replica_lag_seconds\` (the app's check every second): ${stat(gauges, secs)}, ` +
      `${gauges.filter((value) => value > 5).length} samples above REPLICA_MAX_LAG_S (5 s), ` +
      `${gauges.filter((value) => value < 0).length} at -1 (unreachable)`,
  ];
  for (const line of lines) console.log(line);
  return lines;
}

interface LoadedRequest {
  startedAt: number;
  ms: number;
  ok: boolean;
}

/**
 * `clients` concurrent loops of the admin calls against the app with the replica; the replica is
 * killed `beforeKillMs` in and the load goes on `afterKillMs` after the kill has returned.
 */
async function killDuringLoad(
  address: string,
  calls: AdminCall[],
  headers: Record<string, string>,
  database: DatabaseHandle,
  killReplica: () => Promise<void>,
): Promise<string[]> {
  const replica = database.replica!;
  const served = () => ({ ...replica.served });
  const requests: LoadedRequest[] = [];
  const failures: string[] = [];
  const loadStarted = performance.now();
  const atStart = served();
  let killAt = Number.POSITIVE_INFINITY;
  let atKill = atStart;
  let afterDuring = atStart;
  let stopAt = Number.POSITIVE_INFINITY;
  const killed = (async () => {
    await sleep(beforeKillMs);
    atKill = served();
    killAt = performance.now();
    await killReplica();
    console.log(`Replica killed (pg_ctl stop -m immediate took ${(performance.now() - killAt).toFixed(0)} ms)`);
    stopAt = performance.now() + afterKillMs;
    await sleep(Math.max(0, killAt + duringKillMs - performance.now()));
    afterDuring = served();
  })();
  console.log(`\n${clients} clients of admin reads; the replica is killed after ${beforeKillMs / 1000} s…`);
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      for (let index = client; performance.now() < stopAt; index += 1) {
        const adminCall = calls[index % calls.length]!;
        const startedAt = performance.now();
        let ok = false;
        try {
          const response = await fetch(`${address}${adminCall.path}`, { headers });
          await response.arrayBuffer();
          ok = response.status === 200;
          if (!ok) failures.push(`${adminCall.path}: ${response.status}`);
        } catch (error) {
          failures.push(`${adminCall.path}: ${(error as Error).message}`);
        }
        requests.push({ startedAt, ms: performance.now() - startedAt, ok });
      }
    }),
  );
  await killed;
  const atEnd = served();
  await replica.check();

  const phases = [
    { name: 'before the kill', from: loadStarted, to: killAt, servedFrom: atStart, servedTo: atKill },
    {
      name: `the ${duringKillMs / 1000} s after it`,
      from: killAt,
      to: killAt + duringKillMs,
      servedFrom: atKill,
      servedTo: afterDuring,
    },
    {
      name: 'after that',
      from: killAt + duringKillMs,
      to: Number.POSITIVE_INFINITY,
      servedFrom: afterDuring,
      servedTo: atEnd,
    },
  ];
  const errors = requests.filter((request) => !request.ok).length;
  const lines = [
    `Replica killed during ${clients} clients' admin reads (the four calls above in turn), ` +
      `${beforeKillMs / 1000} s before the kill and ${afterKillMs / 1000} s after it: ` +
      `**${count(requests.length)} requests, ${errors} errors reached a client**` +
      (failures.length > 0 ? ` (${[...new Set(failures)].slice(0, 5).join('; ')})` : '') +
      `; the app's next check: ${JSON.stringify(replica.state)}.`,
    '',
    '| requests started | requests | errors | p50 ms | p95 ms | max ms | statements on the replica | on the primary | re-run on the primary after failing on the replica |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const phase of phases) {
    const inPhase = requests.filter((request) => request.startedAt >= phase.from && request.startedAt < phase.to);
    const timing = summarise(inPhase.map((request) => request.ms));
    const longest = Math.max(0, ...inPhase.map((request) => request.ms));
    lines.push(
      `| ${phase.name} | ${count(inPhase.length)} | ${inPhase.filter((request) => !request.ok).length} | ` +
        `${ms(timing.p50)} | ${ms(timing.p95)} | ${ms(longest)} | ` +
        `${count(phase.servedTo.replica - phase.servedFrom.replica)} | ` +
        `${count(phase.servedTo.primary - phase.servedFrom.primary)} | ` +
        `${count(phase.servedTo.fellBack - phase.servedFrom.fellBack)} |`,
    );
  }
  for (const line of lines) console.log(line);
  return lines;
}

const sleep = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

await main();
