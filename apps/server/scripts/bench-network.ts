/**
 * Referral-network benchmark on PostgreSQL:
 *
 *   npm run bench:network -- [--members 1000000] [--depth 15] [--runs 60] [--keep] [--explain]
 *
 * Creates (or reuses, when it already holds the expected members) the database
 * `uplink_bench_network` on the server of BENCH_DATABASE_URL (default: the local test server),
 * seeds it with `seed-network`, then times over real HTTP the referral-history first page and
 * the referral tree (maxLevels 15) for (a) a member with ~100 descendants and (b) the member
 * with the largest downline, each beside the bare SQL the API runs for the same rows (the
 * caller view's statement and the repository's, captured and replayed one after the other
 * through node-postgres, as the same prepared statements): the floor. The database is dropped
 * at the end unless --keep. `--database` names another database (e.g. a small one for a trial run).
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import { referralTreeNodeLimit } from '@uplink/contract/referrals';
import type { Kysely } from 'kysely';
import type pg from 'pg';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config/load-config';
import { openDatabase } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrator';
import type { Database } from '../src/db/schema';
import { type CallerCredentials, type CallerView, callerCredentials } from '../src/http/caller-view';
import { findDownlinePage, findDownlineTree } from '../src/modules/referrals/referral-network-repository';
import { referralTreeCaller } from '../src/modules/referrals/referral-tree';
import { databaseUrlOn, withAdminClient } from '../src/testing/test-database';
import { getText, ms, queryCapture, replay, timePair } from './bench-kit';
import { seedNetwork } from './seed-network';

const { values } = parseArgs({
  options: {
    members: { type: 'string', default: '1000000' },
    depth: { type: 'string', default: '15' },
    runs: { type: 'string', default: '60' },
    keep: { type: 'boolean', default: false },
    explain: { type: 'boolean', default: false },
    database: { type: 'string', default: 'uplink_bench_network' },
  },
});
const benchDatabaseName = values.database;
if (!/^[a-z_][a-z0-9_]*$/.test(benchDatabaseName)) throw new Error('--database must be a plain lower-case name');
const members = Number(values.members);
const runs = Number(values.runs);
const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

async function main(): Promise<void> {
  const exists = await withAdminClient(serverUrl, async (client) => {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [benchDatabaseName]);
    if (!rowCount) await client.query(`CREATE DATABASE ${benchDatabaseName}`);
    return Boolean(rowCount);
  });
  const databaseUrl = databaseUrlOn(serverUrl, benchDatabaseName);
  const database = await openDatabase({ databaseUrl, pgliteDataDir: 'memory://', poolSize: 10 });
  try {
    await migrateToLatest(database.db);
    const { count } = await database.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .executeTakeFirstOrThrow();
    if (Number(count) >= members) {
      console.log(`Reusing ${benchDatabaseName} (${count} members${exists ? '' : ', new'})`);
    } else {
      if (Number(count) > 0)
        throw new Error(`${benchDatabaseName} holds ${count} members, not ${members}: drop it first`);
      console.log(`Seeding ${members} members into ${benchDatabaseName}…`);
      const seeded = await seedNetwork(database.db, { members, depth: Number(values.depth), log: console.log });
      console.log(`Seeded in ${seeded.seconds.toFixed(1)} s`);
      // Index-only scans need the visibility map a fresh bulk load does not have yet.
      await database.pool.query('VACUUM');
    }
    await database.pool.query('ANALYZE');
    await report(database.db, database.pool);
  } finally {
    await database.close();
    if (!values.keep) {
      await withAdminClient(serverUrl, (client) =>
        client.query(`DROP DATABASE IF EXISTS ${benchDatabaseName} WITH (FORCE)`),
      );
      console.log(`Dropped ${benchDatabaseName} (use --keep to reuse it)`);
    }
  }
}

async function report(db: Kysely<Database>, pool: pg.Pool): Promise<void> {
  const sizes = await pool.query<{ users: string; closure: string; counters: string }>(`
    SELECT (SELECT count(*) FROM users) AS users, (SELECT count(*) FROM referral_closure) AS closure,
           (SELECT count(*) FROM referral_downline_counts) AS counters`);
  const largest = await pool.query<{ id: string; downline: string }>(`
    SELECT ancestor_id AS id, sum(members) AS downline FROM referral_downline_counts
     GROUP BY ancestor_id ORDER BY sum(members) DESC LIMIT 1`);
  const hundred = await pool.query<{ id: string; downline: string }>(`
    SELECT ancestor_id AS id, sum(members) AS downline FROM referral_downline_counts
     GROUP BY ancestor_id ORDER BY abs(sum(members) - 100), ancestor_id LIMIT 1`);
  const subjects = [
    { label: '(a) ~100 descendants', ...hundred.rows[0]! },
    { label: '(b) largest downline', ...largest.rows[0]! },
  ];
  const { users, closure, counters } = sizes.rows[0]!;
  console.log(`\nNetwork: ${users} members, ${closure} closure rows, ${counters} counter rows`);

  const config = {
    ...loadConfig({
      NODE_ENV: 'test',
      JWT_SECRET: 'bench-secret-that-is-long-enough-for-hs256-signing',
      DATA_DIR: '/tmp/uplink-bench-data',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'silent',
    }),
    webDistDir: '/nonexistent',
  };
  const app = await buildApp({ config, db, logger: false });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });

  // Every statement the call sends, in its order: the caller view's (the session check) first.
  const captureQueries = queryCapture(pool);
  const capture = (
    callerId: string,
    view: CallerView<CallerCredentials>,
    work: (database: Kysely<Database>) => Promise<unknown>,
  ) =>
    captureQueries(async (capturing) => {
      await view.read(capturing, callerId);
      await work(capturing);
    });
  /** A page of 10 of the history over every level and status, as the unfiltered history asks. */
  const captureWholeHistoryPage = (subjectId: string, offset: number) =>
    capture(subjectId, callerCredentials, (trx) =>
      findDownlinePage(
        trx,
        subjectId,
        { levels: range(15), statuses: ['ACTIVE', 'LOCKED', 'DISABLED'] },
        { limit: 10, offset },
      ),
    );

  const lines: string[] = [
    `| member | downline | call | API p50 | API p95 | SQL floor p50 | SQL floor p95 | ratio p50 | ratio p95 | response |`,
    '|---|---:|---|---:|---:|---:|---:|---:|---:|---:|',
  ];
  try {
    for (const subject of subjects) {
      const token = app.context.sessionTokens.sign(subject.id);
      const headers = { authorization: `Bearer ${token}` };
      const cases = [
        {
          call: 'history page 1 (10, all levels)',
          path: '/api/users/referrals/history',
          queries: await captureWholeHistoryPage(subject.id, 0),
        },
        {
          call: 'history level 3, LOCKED',
          path: '/api/users/referrals/history?level=3&status=LOCKED',
          queries: await capture(subject.id, callerCredentials, (trx) =>
            findDownlinePage(trx, subject.id, { levels: [3], statuses: ['LOCKED'] }, { limit: 10, offset: 0 }),
          ),
        },
        {
          call: 'history page 50',
          path: '/api/users/referrals/history?page=50',
          queries: await captureWholeHistoryPage(subject.id, 490),
        },
        {
          call: 'tree maxLevels 15',
          path: '/api/users/referral-tree?maxLevels=15',
          queries: await capture(subject.id, referralTreeCaller, (trx) =>
            findDownlineTree(trx, subject.id, 15, referralTreeNodeLimit + 1),
          ),
        },
      ];
      for (const benchCase of cases) {
        let bytes = 0;
        let truncated: boolean | undefined;
        // One after the other, as the API runs them; registered texts run as the same prepared
        // statements the API uses (the pool's client names them).
        const [api, floor] = await timePair(
          async () => {
            const { status, body } = await getText(`${address}${benchCase.path}`, headers);
            if (status !== 200) throw new Error(`${benchCase.path}: ${status} ${body.slice(0, 200)}`);
            bytes = Buffer.byteLength(body);
            truncated = benchCase.path.includes('tree') ? JSON.parse(body).data.truncated : undefined;
          },
          async () => {
            for (const query of benchCase.queries) await replay(pool, query);
          },
          { runs, warmups: 5 },
        );
        lines.push(
          `| ${subject.label} | ${subject.downline} | ${benchCase.call} | ${ms(api.p50)} | ${ms(api.p95)} | ${ms(floor.p50)} | ${ms(floor.p95)} | ${(api.p50 / floor.p50).toFixed(2)} | ${(api.p95 / floor.p95).toFixed(2)} | ${(bytes / 1024).toFixed(1)} KiB${truncated === undefined ? '' : truncated ? ', truncated' : ', complete'} |`,
        );
        console.log(lines[lines.length - 1]);
        if (values.explain) {
          for (const query of benchCase.queries) {
            const plan = await pool.query(`EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${query.text}`, query.values);
            console.log(plan.rows.map((row) => row['QUERY PLAN']).join('\n'));
          }
        }
      }
    }
  } finally {
    await app.close();
  }
  const [load] = os.loadavg();
  console.log(
    `\n${runs} timed runs per call (API and floor alternating) after 5 warm-up runs, times in ms; load average ${load?.toFixed(1)}.\n`,
  );
  console.log(lines.join('\n'));
}

function range(count: number): number[] {
  return Array.from({ length: count }, (_, index) => index + 1);
}

await main();
