/**
 * Admin export benchmark on PostgreSQL: `GET /api/rewards/admin/all/export` over a million rewards.
 *
 *   npm run bench:exports -- [--rows 1000000] [--keep]
 *
 * Against a fresh database `uplink_bench_exports` on the server of DATABASE_URL (default: the local
 * test server), migrated to the latest schema: writes --rows rewards in one statement, starts the
 * real app on a port, takes its steady RSS (after a warm-up export of one cycle), then downloads
 * the whole export over HTTP while sampling the process's RSS every 20 ms. Prints rows/s, the
 * steady and peak RSS, and what a download closed after its first megabyte costs. The client runs
 * in the same process and keeps nothing, so the RSS is the server's. The database is dropped at
 * the end unless --keep.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { buildApp } from '../src/app';
import { openDatabase } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrator';
import { createMember } from '../src/testing/builders';
import {
  benchConfig,
  benchDatabaseUrl,
  count,
  dropDatabase,
  loadAverage,
  recreateDatabase,
  seconds,
} from './bench-kit';

const { values } = parseArgs({ options: { rows: { type: 'string', default: '1000000' }, keep: { type: 'boolean' } } });
const rows = Number(values.rows);
const databaseName = 'uplink_bench_exports';
const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** Lines received so far by the running download: the RSS samples are placed on it. */
let linesSoFar = 0;
/**
 * With `node --expose-gc` (NODE_OPTIONS), the heap still in use after a full collection at each
 * tenth of the rows: what the export keeps, apart from garbage not yet collected.
 */
const retainedPerTenth: number[] = [];
const gc = (globalThis as { gc?: () => void }).gc;

/** The RSS while `work` runs, sampled every 20 ms with the lines received by then. */
async function rssDuring<T>(work: () => Promise<T>): Promise<{ result: T; samples: { lines: number; rss: number }[] }> {
  const samples: { lines: number; rss: number }[] = [];
  const sampler = setInterval(() => samples.push({ lines: linesSoFar, rss: process.memoryUsage.rss() }), 20);
  try {
    const result = await work();
    return { result, samples };
  } finally {
    clearInterval(sampler);
  }
}

/** Downloads `path`, counting bytes and lines; `closeAfter` bytes closes the connection early. */
function download(port: number, path: string, token: string, closeAfter = Number.POSITIVE_INFINITY) {
  return new Promise<{ status: number; bytes: number; lines: number }>((resolve, reject) => {
    const request = http.get({ port, path, headers: { authorization: `Bearer ${token}` } }, (response) => {
      let bytes = 0;
      let lines = 0;
      response.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) lines += 1;
        linesSoFar = lines;
        if (gc && Math.floor((lines / rows) * 10) > retainedPerTenth.length && retainedPerTenth.length < 10) {
          gc();
          retainedPerTenth.push(process.memoryUsage().heapUsed);
        }
        if (bytes >= closeAfter) {
          request.destroy();
          resolve({ status: response.statusCode ?? 0, bytes, lines });
        }
      });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, bytes, lines }));
      response.on('error', reject);
    });
    request.on('error', (error) => (closedByUs(error) ? undefined : reject(error)));
  });
}

/** A connection the client itself closed is not a failure. */
const closedByUs = (error: Error) => (error as NodeJS.ErrnoException).code === 'ECONNRESET';

async function main(): Promise<void> {
  console.log(`Load average at start (1 / 5 / 15 min): ${loadAverage()}`);
  await recreateDatabase(databaseName);
  const url = benchDatabaseUrl(databaseName);
  const database = await openDatabase({ databaseUrl: url, pgliteDataDir: 'memory://' });
  try {
    await migrateToLatest(database.db);
    const admin = await createMember(database.db, { isAdmin: true });
    const member = await createMember(database.db);
    const seeded = performance.now();
    await sql`
      INSERT INTO rewards (beneficiary_id, source_user_id, type, level, cycle, plan_version, percent,
                           master_amount, reward_amount, state, created_at)
      SELECT ${member.id}, ${admin.id}, 'DOWNLINE', 1 + n % 15, n, 1, 0.5, 100 + n % 1000, 0.0043 + (n % 997) * 0.00000001,
             'POSTED', now() - n * interval '1 second'
        FROM generate_series(1, ${rows}) AS n`.execute(database.db);
    await sql`ANALYZE rewards`.execute(database.db);
    console.log(`Wrote ${count(rows)} rewards in ${seconds(seeded).toFixed(1)} s`);

    const config = benchConfig(url, 'bench-exports');
    const app = await buildApp({ config, db: database.db, logger: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const token = app.context.sessionTokens.sign(admin.id);
    try {
      await download(port, '/api/rewards/admin/all/export?cycle=1', token);
      gc?.();
      const heapBefore = process.memoryUsage().heapUsed;
      retainedPerTenth.length = 0;
      await new Promise((resolve) => setTimeout(resolve, 500));
      const steady = process.memoryUsage.rss();
      const started = performance.now();
      const { result, samples } = await rssDuring(() => download(port, '/api/rewards/admin/all/export', token));
      const elapsed = seconds(started);
      const exported = result.lines - 1;
      console.log(
        `Export: HTTP ${result.status}, ${count(exported)} rows, ${megabytes(result.bytes)} in ${elapsed.toFixed(1)} s`,
      );
      console.log(`  ${count(exported / elapsed)} rows/s, ${megabytes(result.bytes / elapsed)}/s`);
      const peak = Math.max(steady, ...samples.map((sample) => sample.rss));
      console.log(
        `  RSS before ${megabytes(steady)}, peak during the export ${megabytes(peak)} (+${megabytes(peak - steady)})`,
      );
      // Flat memory: the highest RSS of each tenth of the rows; a leak climbs from tenth to tenth.
      const tenths = Array.from({ length: 10 }, (_, tenth) => {
        const inTenth = samples.filter((sample) => Math.floor((sample.lines / rows) * 10) === tenth);
        return inTenth.length === 0 ? '-' : megabytes(Math.max(...inTenth.map((sample) => sample.rss)));
      });
      console.log(`  peak RSS per tenth of the rows: ${tenths.join(', ')}`);
      if (gc) {
        console.log(
          `  heap in use after a full GC: before ${megabytes(heapBefore)}, at each tenth ${retainedPerTenth.map(megabytes).join(', ')}`,
        );
      }

      const cancelled = performance.now();
      const early = await download(port, '/api/rewards/admin/all/export', token, 1024 * 1024);
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const { rows: running } = await sql<{ n: string }>`
        SELECT count(*)::text AS n FROM pg_stat_activity
         WHERE datname = ${databaseName} AND state = 'active' AND pid <> pg_backend_pid()`.execute(database.db);
      console.log(
        `Closed after ${megabytes(early.bytes)} (${count(early.lines)} lines, ${seconds(cancelled).toFixed(2)} s): ` +
          `${running[0]?.n} export statement(s) still running 1 s later`,
      );
      if (exported !== rows) throw new Error(`exported ${exported} rows of ${rows}`);
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
    if (!values.keep) await dropDatabase(databaseName);
  }
  console.log(`Load average at the end (1 / 5 / 15 min): ${loadAverage()}`);
}

await main();
