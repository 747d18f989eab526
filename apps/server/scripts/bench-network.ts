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
 *
 * The invitation funnel (issue 45): the member's funnel (all time) and first invitee page for the
 * same members and (c) the member with the most direct invitees, and the administrators' weekly
 * funnel over a year (52 weeks). Link visits are seeded once beside the registrations (three
 * unique visitors a day per registration, a year of them), as a live network would have them.
 * `--members 2000` runs the whole bench in seconds.
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
import {
  countInvitees,
  findBestLinks,
  findInviteePage,
  findMemberFunnelCounts,
  findRemindersOfLastDay,
  findWeeklyFunnelCounts,
} from '../src/modules/invitations/invitations-repository';
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
    await seedLinkVisits(database.pool);
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

/**
 * Link visits beside the registrations, once per database: three unique visitors a day per
 * registration on its day, within the last year — the per-member days, the network's days and
 * every link's total, as counting them would have written them.
 */
async function seedLinkVisits(pool: pg.Pool): Promise<void> {
  const { rows } = await pool.query<{ seeded: boolean }>('SELECT EXISTS (SELECT 1 FROM invitation_visits) AS seeded');
  if (rows[0]?.seeded) return;
  const started = performance.now();
  await pool.query(`
    INSERT INTO invitation_visits (sponsor_id, visited_on, visits)
    SELECT sponsor_id, registered_on, 3 * sum(invitees) FROM invitation_funnel_counts
     WHERE registered_on > current_date - 365 GROUP BY 1, 2`);
  await pool.query(`
    INSERT INTO invitation_visit_totals (visited_on, slot, visits)
    SELECT visited_on, 0, sum(visits) FROM invitation_visits GROUP BY 1`);
  await pool.query(`
    UPDATE invitation_link_totals l SET visits = v.visits
      FROM (SELECT sponsor_id, sum(visits) AS visits FROM invitation_visits GROUP BY 1) v
     WHERE v.sponsor_id = l.sponsor_id`);
  await pool.query('VACUUM ANALYZE invitation_visits, invitation_visit_totals, invitation_link_totals');
  console.log(`Seeded a year of link visits in ${((performance.now() - started) / 1000).toFixed(1)} s`);
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
  const mostInvitees = await pool.query<{ id: string; downline: string }>(`
    SELECT sponsor_id AS id, sum(invitees) AS downline FROM invitation_funnel_counts
     GROUP BY sponsor_id ORDER BY sum(invitees) DESC LIMIT 1`);
  const subjects = [
    { label: '(a) ~100 descendants', ...hundred.rows[0]! },
    { label: '(b) largest downline', ...largest.rows[0]! },
    { label: '(c) most direct invitees', ...mostInvitees.rows[0]!, funnelOnly: true },
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

  const now = new Date();
  const today = now.toISOString().slice(0, 10);
  const yearAgo = new Date(now.getTime() - 364 * 86_400_000).toISOString().slice(0, 10);
  const lines: string[] = [
    `| member | downline | call | API p50 | API p95 | SQL floor p50 | SQL floor p95 | ratio p50 | ratio p95 | response |`,
    '|---|---:|---|---:|---:|---:|---:|---:|---:|---:|',
  ];
  try {
    for (const subject of subjects) {
      const token = app.context.sessionTokens.sign(subject.id);
      const headers = { authorization: `Bearer ${token}` };
      const networkCases = [
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
      const funnelCases = [
        {
          call: 'funnel (all time)',
          path: '/api/referrals/funnel',
          queries: await capture(subject.id, callerCredentials, (trx) =>
            findMemberFunnelCounts(trx, subject.id, { from: null, to: today }),
          ),
        },
        {
          call: 'invitees page 1 (10)',
          path: '/api/referrals/invitees',
          queries: await capture(subject.id, callerCredentials, async (trx) => {
            await findInviteePage(trx, subject.id, undefined, { limit: 10, offset: 0 });
            await countInvitees(trx, subject.id, undefined);
            await findRemindersOfLastDay(trx, subject.id, now);
          }),
        },
      ];
      const cases = [...('funnelOnly' in subject ? [] : networkCases), ...funnelCases];
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
    // The administrators' weekly funnel over a year, and the best-converting links.
    const administrator = await ensureAdministrator(pool);
    const adminHeaders = { authorization: `Bearer ${app.context.sessionTokens.sign(administrator)}` };
    const adminQueries = await capture(administrator, callerCredentials, async (trx) => {
      await findWeeklyFunnelCounts(trx, { from: yearAgo, to: today }, null);
      await findBestLinks(trx, 20, 10);
    });
    const adminPath = `/api/admin/reports/funnel?from=${yearAgo}&to=${today}&groupBy=week`;
    let adminBytes = 0;
    const [adminApi, adminFloor] = await timePair(
      async () => {
        const { status, body } = await getText(`${address}${adminPath}`, adminHeaders);
        if (status !== 200) throw new Error(`${adminPath}: ${status} ${body.slice(0, 200)}`);
        adminBytes = Buffer.byteLength(body);
      },
      async () => {
        for (const query of adminQueries) await replay(pool, query);
      },
      { runs, warmups: 5 },
    );
    lines.push(
      `| administrator | network | weekly funnel, 52 weeks + best links | ${ms(adminApi.p50)} | ${ms(adminApi.p95)} | ${ms(adminFloor.p50)} | ${ms(adminFloor.p95)} | ${(adminApi.p50 / adminFloor.p50).toFixed(2)} | ${(adminApi.p95 / adminFloor.p95).toFixed(2)} | ${(adminBytes / 1024).toFixed(1)} KiB |`,
    );
    console.log(lines[lines.length - 1]);
    if (values.explain) {
      for (const query of adminQueries) {
        const plan = await pool.query(`EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${query.text}`, query.values);
        console.log(plan.rows.map((row) => row['QUERY PLAN']).join('\n'));
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

/** An active OWNER to read the administrators' report as: the bench's own, made once, without a referral code as an invited one. */
async function ensureAdministrator(pool: pg.Pool): Promise<string> {
  const { rows } = await pool.query<{ id: string }>(`
    INSERT INTO users (first_name, last_name, email, password_hash, is_admin, admin_role, admin_status, is_email_verified)
    VALUES ('Bench', 'Owner', 'bench-owner@seed.uplink.test', 'not-a-hash', true, 'OWNER', 'ACTIVE', true)
    ON CONFLICT DO NOTHING
    RETURNING id`);
  if (rows[0]) return rows[0].id;
  const existing = await pool.query<{ id: string }>(
    `SELECT id FROM users WHERE email = 'bench-owner@seed.uplink.test'`,
  );
  return existing.rows[0]!.id;
}

function range(count: number): number[] {
  return Array.from({ length: count }, (_, index) => index + 1);
}

await main();
