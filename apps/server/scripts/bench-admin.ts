/**
 * Admin-area benchmark on PostgreSQL: the administrators' lists and dashboard after a distributed cycle.
 *
 *   npm run bench:admin -- [--members 1000000] [--depth 15] [--runs 200] [--warmups 20] [--keep]
 *
 * In one run, against a fresh database `uplink_bench_admin` on the server of DATABASE_URL
 * (default: the local test server), migrated to the latest schema:
 *
 * 1. seeds a network of --members, makes every member compliant and distributes the last finished
 *    cycle through `runRewardCycle`, as `bench:cycle` does (bench-kit);
 * 2. makes the members realistic for the lists: the user counters are rebuilt as migration 0050
 *    builds them (the bulk load ran without triggers), then one UPDATE with every trigger on makes
 *    a few percent unverified, locked, disabled or lapsed; the counters are then checked against a
 *    full count of the members, and the run stops if they differ;
 * 3. the network's root becomes the administrator whose session makes the calls;
 * 4. starts the real app on the database and times, over HTTP, the first page of the members
 *    (plain, and searched by an e-mail fragment), of the rewards (plain, by type and level) and
 *    the dashboard, each beside the bare SQL its use case sends (captured through a Kysely log
 *    hook, replayed through node-postgres);
 * 5. runs each captured statement once under EXPLAIN (ANALYZE, BUFFERS) and prints its plan nodes
 *    and execution time: a Seq Scan over `users` or `rewards` is a full scan per request;
 * 6. prints the load average at the start and the end and a verdict per call.
 *
 * The database is dropped at the end unless --keep.
 */

import { adminRewardsQuerySchema } from '@uplink/contract/admin-rewards';
import { adminUsersQuerySchema } from '@uplink/contract/admin-users';
import type { Kysely } from 'kysely';
import type pg from 'pg';
import { buildApp } from '../src/app';
import { systemClock } from '../src/clock';
import type { Database } from '../src/db/schema';
import { listUsers } from '../src/modules/admin-users/list-users';
import { viewOverallStats } from '../src/modules/admin-users/view-overall-stats';
import { viewAllRewards } from '../src/modules/rewards/view-all-rewards';
import {
  benchOnDistributedCycle,
  type CallTiming,
  type CapturedQuery,
  callTableHeader,
  callTableRow,
  count,
  ms,
  parseNetworkBenchArgs,
  queryCapture,
  replay,
  seconds,
  timeCall,
} from './bench-kit';

const { members, depth, runs, warmups, keep } = parseNetworkBenchArgs();
const benchDatabaseName = 'uplink_bench_admin';

/** Target of the issue: every call's p95, with statistics from counters or index-only answers. */
const targetP95Ms = 100;
/** The tables a request must never read whole. */
const largeTables = ['users', 'rewards'];
/** The reward level of the filtered rewards case: deep in the network, where levels are wide. */
const deepLevel = Math.min(7, depth);

interface Report {
  lines: string[];
  plans: string[];
  verdicts: string[];
}

async function main(): Promise<void> {
  const report: Report = { lines: [], plans: [], verdicts: [] };
  await benchOnDistributedCycle(
    { name: 'bench-admin', databaseName: benchDatabaseName, members, depth, keep, minimumCycle: 1 },
    report.lines,
    async ({ database, config }) => {
      report.lines.push(await diversifyMembers(database.pool));
      const administratorId = await appointAdministrator(database.pool);
      const started = performance.now();
      await database.pool.query('VACUUM ANALYZE');
      console.log(`VACUUM ANALYZE (${seconds(started).toFixed(1)} s)`);

      const cases = await captureCases(database.pool, report);
      const app = await buildApp({ config, db: database.db, logger: false });
      const address = await app.listen({ host: '127.0.0.1', port: 0 });
      const headers = { authorization: `Bearer ${app.context.sessionTokens.sign(administratorId)}` };
      report.lines.push(
        '',
        `API as an administrator, ${runs} timed runs per call after ${warmups} warm-ups, API and SQL alternating, times in ms:`,
        '',
        ...callTableHeader,
      );
      const timings: CallTiming[] = [];
      try {
        for (const adminCase of cases) {
          const timing = await timeCall(`${address}${adminCase.path}`, headers, () => adminCase.floor(database.pool), {
            runs,
            warmups,
          });
          const line = callTableRow(adminCase.call, timing);
          console.log(line);
          report.lines.push(line);
          timings.push(timing);
        }
      } finally {
        await app.close();
      }
      for (const [index, adminCase] of cases.entries()) {
        const scans = await explainCase(database.pool, adminCase, report);
        const { api } = timings[index]!;
        report.verdicts.push(
          `${adminCase.call}: p95 ≤ ${targetP95Ms} ms ${api.p95 <= targetP95Ms ? 'met' : 'MISSED'} (${ms(api.p95)} ms)` +
            (scans.length > 0 ? `; scan (${scans.join(', ')})` : '; no full scan'),
        );
      }
    },
  );
  console.log(`\nEach captured statement once under EXPLAIN (ANALYZE, BUFFERS):\n\n${report.plans.join('\n')}`);
  console.log(`\n${report.verdicts.join('\n')}`);
}

/**
 * One UPDATE with the user counters' triggers on, as the app's own writes: 4% of the members
 * unverified, 1% more locked or disabled, 5% with a paid period that ended (the root, the
 * administrator-to-be, is left as it is). The counters must then equal a full count of the
 * members, or the figures would mean nothing. The trigger that copies each member's flags onto
 * their 15 closure rows (and through them the downline counters) is off for it: with it, the
 * 100,000-row update ran over 20 minutes at a million members, and no admin call measured here
 * reads those copies.
 */
async function diversifyMembers(pool: pg.Pool): Promise<string> {
  const started = performance.now();
  const client = await pool.connect();
  let updated: pg.QueryResult;
  try {
    await client.query('BEGIN');
    await client.query('ALTER TABLE users DISABLE TRIGGER users_copy_member_flags');
    updated = await client.query(`
    UPDATE users
       SET is_email_verified = is_email_verified AND seq % 100 >= 4,
           status = CASE seq % 100 WHEN 50 THEN 'LOCKED' WHEN 51 THEN 'DISABLED' ELSE status END,
           subscription_period_ends_at = CASE WHEN seq % 100 BETWEEN 60 AND 64
                                              THEN now() - make_interval(days => 1 + (seq % 300)::int)
                                              ELSE subscription_period_ends_at END,
           updated_at = now()
     WHERE sponsor_id IS NOT NULL AND (seq % 100 < 4 OR seq % 100 IN (50, 51) OR seq % 100 BETWEEN 60 AND 64)`);
    await client.query('ALTER TABLE users ENABLE TRIGGER users_copy_member_flags');
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  } finally {
    client.release();
  }
  console.log(
    `\nMembers diversified, counting triggers on: ${count(updated.rowCount ?? 0)} updated (${seconds(started).toFixed(1)} s)`,
  );

  const { rows: drift } = await pool.query(`
    WITH truth AS (
      SELECT status, is_email_verified AS email_verified, subscription_paid_at IS NOT NULL AS ever_paid,
             bingx_uid IS NOT NULL AS exchange_linked, count(*) AS members
        FROM users WHERE deleted_at IS NULL AND NOT is_admin GROUP BY 1, 2, 3, 4
    ), kept AS (
      SELECT status, email_verified, ever_paid, exchange_linked, sum(members) AS members
        FROM user_counts GROUP BY 1, 2, 3, 4 HAVING sum(members) > 0
    )
    (SELECT 'counter' AS side, * FROM kept EXCEPT SELECT 'counter', * FROM truth)
    UNION ALL
    (SELECT 'truth', * FROM truth EXCEPT SELECT 'truth', * FROM kept)`);
  if (drift.length > 0) {
    console.table(drift);
    throw new Error('user_counts differs from a full count of the members: the statistics would be wrong');
  }
  const { rows } = await pool.query<Record<'total' | 'locked' | 'disabled' | 'unverified' | 'lapsed', string>>(`
    SELECT count(*) AS total, count(*) FILTER (WHERE status = 'LOCKED') AS locked,
           count(*) FILTER (WHERE status = 'DISABLED') AS disabled,
           count(*) FILTER (WHERE NOT is_email_verified) AS unverified,
           count(*) FILTER (WHERE subscription_period_ends_at <= now()) AS lapsed
      FROM users WHERE deleted_at IS NULL AND NOT is_admin`);
  const truth = rows[0]!;
  return (
    `Members for the admin lists: ${count(Number(truth.locked))} LOCKED, ${count(Number(truth.disabled))} DISABLED, ` +
    `${count(Number(truth.unverified))} unverified, ${count(Number(truth.lapsed))} with a lapsed subscription ` +
    `(of ${count(Number(truth.total))}); user counters equal to a full count of the members`
  );
}

/** The network's root (active, verified, never diversified) becomes the administrator. */
async function appointAdministrator(pool: pg.Pool): Promise<string> {
  const { rows } = await pool.query<{ id: string }>(
    "UPDATE users SET is_admin = true, admin_role = 'OWNER', admin_status = 'ACTIVE' WHERE sponsor_id IS NULL RETURNING id",
  );
  if (rows.length !== 1) throw new Error(`expected one network root, found ${rows.length}`);
  return rows[0]!.id;
}

interface AdminCase {
  call: string;
  path: string;
  queries: CapturedQuery[];
  /** The queries replayed as the use case sends them. */
  floor: (pool: pg.Pool) => Promise<unknown>;
}

/** For a use case that sends its statements side by side (`Promise.all`). */
const sideBySide = (queries: CapturedQuery[]) => (pool: pg.Pool) =>
  Promise.all(queries.map((query) => replay(pool, query)));

/** For a use case whose statements wait for each other. */
const inTurn = (queries: CapturedQuery[]) => async (pool: pg.Pool) => {
  for (const query of queries) await replay(pool, query);
};

/**
 * Each call's SQL, captured from its use case; the search fragment and the reward filters are
 * chosen from the data, and what they match goes into the report.
 */
async function captureCases(pool: pg.Pool, report: Report): Promise<AdminCase[]> {
  const capture = queryCapture(pool);
  const deps = (db: Kysely<Database>) => ({ db, readDb: db, clock: systemClock });

  const { rows: middle } = await pool.query<{ email: string }>(`
    SELECT email FROM users WHERE seq >= (SELECT (min(seq) + max(seq)) / 2 FROM users) ORDER BY seq LIMIT 1`);
  const email = middle[0]!.email;
  const local = email.slice(0, email.indexOf('@'));
  const centre = Math.floor(local.length / 2);
  const fragment = local.slice(Math.max(0, centre - 3), centre + 3);
  let matching = 0;
  const usersSearched = await capture(async (db) => {
    matching = (await listUsers(deps(db), adminUsersQuerySchema.parse({ search: fragment }))).pagination.totalUsers;
  });
  report.lines.push(
    `Member search: "${fragment}" (6 characters from the middle of the local part of ${email}) matches ${count(matching)} members`,
  );

  const { rows: rewardCounts } = await pool.query<Record<'total' | 'atLevel' | 'direct', string>>(
    `SELECT coalesce(sum(rewards), 0) AS total,
            coalesce(sum(rewards) FILTER (WHERE type = 'DOWNLINE' AND level = $1), 0) AS "atLevel",
            coalesce(sum(rewards) FILTER (WHERE type = 'DIRECT'), 0) AS direct
       FROM reward_counts`,
    [deepLevel],
  );
  const rewardCount = rewardCounts[0]!;
  const directRewards = Number(rewardCount.direct);
  report.lines.push(
    `Rewards: ${count(Number(rewardCount.total))}, of which ${count(Number(rewardCount.atLevel))} DOWNLINE at level ${deepLevel} ` +
      `and ${count(directRewards)} DIRECT` +
      (directRewards === 0 ? ' (no member paid a subscription through the app): no DIRECT case' : ''),
  );

  const rewardsCase = async (call: string, query: Record<string, string>): Promise<AdminCase> => {
    const search = new URLSearchParams(query).toString();
    // The statistics first, then the page they bound.
    const queries = await capture((db) => viewAllRewards(deps(db), adminRewardsQuerySchema.parse(query)));
    return { call, path: `/api/rewards/admin/all${search ? `?${search}` : ''}`, queries, floor: inTurn(queries) };
  };
  const usersPage = await capture((db) => listUsers(deps(db), adminUsersQuerySchema.parse({})));
  const dashboard = await capture((db) => viewOverallStats(deps(db)));
  return [
    {
      call: 'GET /api/users/admin/all (page 1, defaults)',
      path: '/api/users/admin/all',
      queries: usersPage,
      floor: sideBySide(usersPage),
    },
    {
      call: `GET /api/users/admin/all?search=${fragment} (${count(matching)} members)`,
      path: `/api/users/admin/all?${new URLSearchParams({ search: fragment })}`,
      queries: usersSearched,
      floor: sideBySide(usersSearched),
    },
    await rewardsCase('GET /api/rewards/admin/all (page 1, defaults)', {}),
    await rewardsCase(`GET /api/rewards/admin/all?type=DOWNLINE&level=${deepLevel}`, {
      type: 'DOWNLINE',
      level: String(deepLevel),
    }),
    ...(directRewards > 0 ? [await rewardsCase('GET /api/rewards/admin/all?type=DIRECT', { type: 'DIRECT' })] : []),
    {
      call: 'GET /api/users/admin/overall-stats',
      path: '/api/users/admin/overall-stats',
      queries: dashboard,
      floor: sideBySide(dashboard),
    },
  ];
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

interface ExplainOutput {
  Plan: PlanNode & { 'Shared Hit Blocks': number; 'Shared Read Blocks': number };
  'Execution Time': number;
}

/** The plan as nested node types: `Limit (Index Scan using users_pkey on users)`. */
function describePlan(node: PlanNode): string {
  const target = [
    node['Index Name'] && `using ${node['Index Name']}`,
    node['Relation Name'] && `on ${node['Relation Name']}`,
  ]
    .filter(Boolean)
    .join(' ');
  const label = target ? `${node['Node Type']} ${target}` : node['Node Type'];
  return node.Plans?.length ? `${label} (${node.Plans.map(describePlan).join(', ')})` : label;
}

/** The large tables the plan reads whole. */
function fullScans(node: PlanNode): string[] {
  const own =
    node['Node Type'] === 'Seq Scan' && largeTables.includes(node['Relation Name'] ?? '')
      ? [`Seq Scan on ${node['Relation Name']}`]
      : [];
  return [...own, ...(node.Plans ?? []).flatMap(fullScans)];
}

/** Each statement of the case once under EXPLAIN (ANALYZE, BUFFERS); answers the full scans found. */
async function explainCase(pool: pg.Pool, adminCase: AdminCase, report: Report): Promise<string[]> {
  const lines = [`${adminCase.call}:`];
  const scans: string[] = [];
  for (const query of adminCase.queries) {
    const { rows } = await pool.query<{ 'QUERY PLAN': ExplainOutput[] }>(
      `EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${query.text}`,
      query.values,
    );
    const explained = rows[0]!['QUERY PLAN'][0]!;
    const { Plan: plan } = explained;
    scans.push(...fullScans(plan));
    lines.push(
      `  ${query.text.replace(/\s+/g, ' ').trim().slice(0, 100)}…`,
      `    ${ms(explained['Execution Time'])} ms, buffers hit ${plan['Shared Hit Blocks']} read ${plan['Shared Read Blocks']}: ${describePlan(plan)}`,
    );
  }
  console.log(lines.join('\n'));
  report.plans.push(...lines);
  return [...new Set(scans)];
}

await main();
