import { type Kysely, sql } from 'kysely';
import type { Database, RewardCycleBasis, RewardCycleOutcome, RewardCycleSource } from '../../db/schema';
import type { StoredRewardPlan } from './rewards-repository';

/**
 * The reward cycle's SQL: a statement is matched to members and stored, and one set-based
 * statement over the closure table writes every DOWNLINE reward of the cycle, the reward
 * counters and one ledger entry per beneficiary (posted or locked) — no per-member loop.
 * Callers run these in one transaction under `lockRewardCycle`.
 */

/** Serialises runs of one cycle across connections and processes, until the transaction ends. */
export async function lockRewardCycle(trx: Kysely<Database>, cycle: number): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(${rewardCycleLockSpace}, ${cycle})`.execute(trx);
}
const rewardCycleLockSpace = 73_010;

export interface CycleRunRow {
  id: string;
  cycle: number;
  cycle_starts_at: Date;
  cycle_ends_at: Date;
  source: RewardCycleSource;
  basis: RewardCycleBasis | null;
  outcome: RewardCycleOutcome;
  started_by: string | null;
  started_at: Date;
  finished_at: Date;
  plan_version: number;
  input_count: number;
  unknown_uids: string[];
  rewards_written: string;
  total_master_amount: string;
  total_paid: string;
  total_locked: string;
  duration_ms: number;
}

export function findDistributedRun(db: Kysely<Database>, cycle: number): Promise<CycleRunRow | undefined> {
  return db
    .selectFrom('reward_cycle_runs')
    .selectAll()
    .where('cycle', '=', cycle)
    .where('outcome', '=', 'DISTRIBUTED')
    .executeTakeFirst() as Promise<CycleRunRow | undefined>;
}

/** A page of the runs, the newest first (the table holds one row or a few per cycle: no counter needed). */
export async function findCycleRuns(
  db: Kysely<Database>,
  page: { limit: number; offset: number },
): Promise<{ rows: CycleRunRow[]; total: number }> {
  const [rows, counted] = await Promise.all([
    db
      .selectFrom('reward_cycle_runs')
      .selectAll()
      .orderBy('id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    db.selectFrom('reward_cycle_runs').select(sql<string>`count(*)::text`.as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows: rows as CycleRunRow[], total: Number(counted.total) };
}

/** The newest distributed cycle, 0 when none is. */
export async function latestDistributedCycle(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('reward_cycle_runs')
    .select((eb) => eb.fn.max('cycle').as('cycle'))
    .where('outcome', '=', 'DISTRIBUTED')
    .executeTakeFirst();
  return row?.cycle ?? 0;
}

/** The exchange UIDs of every linked member (the sandbox statement is asked about these). */
export async function linkedExchangeUids(db: Kysely<Database>): Promise<string[]> {
  const rows = await db.selectFrom('users').select('bingx_uid').where('bingx_uid', 'is not', null).execute();
  return rows.map((row) => row.bingx_uid as string);
}

export interface StatementLine {
  uid: string;
  /** Decimal string, ≥ 0, at most 8 decimals. */
  masterAmount: string;
}

export interface StoredStatement {
  /** Lines whose UID belongs to a member, now stored as the cycle's statement. */
  matched: number;
  totalMasterAmount: string;
  /** UIDs no member has linked, reported back to whoever ran the cycle. */
  unknownUids: string[];
}

/**
 * Stores the lines whose UID a member has linked as the cycle's statement (one statement), then
 * refreshes the planner's statistics of the statement table: without them the distribution that
 * follows in the same transaction is planned for an empty cycle (a nested loop over every copier),
 * which made a 20,000-member cycle take two minutes instead of seconds.
 */
export async function storeStatement(
  trx: Kysely<Database>,
  cycle: number,
  lines: readonly StatementLine[],
): Promise<StoredStatement> {
  const uids = lines.map((line) => line.uid);
  const amounts = lines.map((line) => line.masterAmount);
  const { rows } = await sql<{ matched: string; total: string; unknown_uids: string[] }>`
    WITH lines AS (
      SELECT uid, master_amount FROM unnest(${uids}::text[], ${amounts}::numeric[]) AS l(uid, master_amount)
    ),
    matched AS (
      SELECT u.id, l.uid, l.master_amount FROM lines l JOIN users u ON u.bingx_uid = l.uid
    ),
    stored AS (
      INSERT INTO reward_statement_entries (cycle, copier_id, bingx_uid, master_amount)
      SELECT ${cycle}, id, uid, master_amount FROM matched
      RETURNING master_amount
    )
    SELECT (SELECT count(*) FROM stored)::text AS matched,
           (SELECT coalesce(sum(master_amount), 0) FROM stored)::text AS total,
           (SELECT coalesce(array_agg(l.uid ORDER BY l.uid), '{}')
              FROM lines l WHERE NOT EXISTS (SELECT 1 FROM matched m WHERE m.uid = l.uid)) AS unknown_uids
  `.execute(trx);
  await sql`ANALYZE reward_statement_entries`.execute(trx);
  const row = rows[0] as { matched: string; total: string; unknown_uids: string[] };
  return { matched: Number(row.matched), totalMasterAmount: row.total, unknownUids: row.unknown_uids };
}

export interface DistributionTotals {
  rewardsWritten: number;
  /** Credited at once (beneficiaries compliant in the cycle). */
  totalPaid: string;
  /** Credited as locked, pending compliance. */
  totalLocked: string;
}

/**
 * Every DOWNLINE reward of the cycle in one statement: for each copier of the statement and each
 * of their (at most 15) uplines — administrators and deleted members excepted — `master × percent[level] / 100`,
 * rounded half up to 8 decimals (a reward that rounds to nothing is not written). A beneficiary
 * who is compliant in the cycle (copying in it among the rest) is credited; any other gets a
 * locked credit. The ledger gets one entry per beneficiary and cycle; the database refuses a
 * second credit of a (beneficiary, source, cycle, type) and a second entry of a cycle.
 */
export async function distributeDownlineRewards(
  trx: Kysely<Database>,
  cycle: number,
  plan: StoredRewardPlan,
  minimumBalance: string,
  at: Date,
): Promise<DistributionTotals> {
  const { rows } = await sql<{ rewards_written: string; total_paid: string; total_locked: string }>`
    WITH plan AS (
      SELECT ${plan.levelPercents}::numeric[] AS level_percents
    ),
    excluded AS (
      SELECT id FROM users WHERE is_admin OR deleted_at IS NOT NULL
    ),
    compliant AS (
      SELECT u.id
        FROM reward_statement_entries s
        JOIN users u ON u.id = s.copier_id
       WHERE s.cycle = ${cycle}
         AND cardinality(member_compliance_failures(u, ${at}, ${minimumBalance}::numeric, true)) = 0
    ),
    written AS (
      INSERT INTO rewards (beneficiary_id, source_user_id, type, level, cycle, plan_version, percent,
                           master_amount, reward_amount, state, created_at)
      SELECT c.ancestor_id, s.copier_id, 'DOWNLINE', c.depth, ${cycle}, ${plan.version}, p.level_percents[c.depth],
             s.master_amount, round(s.master_amount * p.level_percents[c.depth] / 100, 8),
             CASE WHEN k.id IS NULL THEN 'LOCKED' ELSE 'POSTED' END, ${at}
        FROM reward_statement_entries s
        JOIN referral_closure c ON c.descendant_id = s.copier_id
        CROSS JOIN plan p
        LEFT JOIN compliant k ON k.id = c.ancestor_id
       WHERE s.cycle = ${cycle}
         AND round(s.master_amount * p.level_percents[c.depth] / 100, 8) > 0
         AND c.ancestor_id NOT IN (SELECT id FROM excluded)
      RETURNING beneficiary_id, level, reward_amount, state
    ),
    counted AS (
      INSERT INTO reward_counts AS rc (beneficiary_id, type, level, rewards)
      SELECT beneficiary_id, 'DOWNLINE', level, count(*)
        FROM written
       GROUP BY beneficiary_id, level
       ORDER BY beneficiary_id, level
      ON CONFLICT (beneficiary_id, type, level) DO UPDATE SET rewards = rc.rewards + EXCLUDED.rewards
    ),
    booked AS (
      INSERT INTO ledger_entries (account_id, kind, amount, reason_type, reason_id, created_at)
      SELECT beneficiary_id, CASE state WHEN 'POSTED' THEN 'CREDIT_POSTED' ELSE 'CREDIT_PENDING' END,
             sum(reward_amount), 'REWARD_CYCLE', ${String(cycle)}, ${at}
        FROM written
       GROUP BY beneficiary_id, state
      RETURNING kind, amount
    )
    SELECT (SELECT count(*) FROM written)::text AS rewards_written,
           (SELECT coalesce(sum(amount) FILTER (WHERE kind = 'CREDIT_POSTED'), 0) FROM booked)::text AS total_paid,
           (SELECT coalesce(sum(amount) FILTER (WHERE kind = 'CREDIT_PENDING'), 0) FROM booked)::text AS total_locked
  `.execute(trx);
  const row = rows[0] as { rewards_written: string; total_paid: string; total_locked: string };
  return { rewardsWritten: Number(row.rewards_written), totalPaid: row.total_paid, totalLocked: row.total_locked };
}

export type NewCycleRun = Omit<CycleRunRow, 'id'>;

export async function recordCycleRun(db: Kysely<Database>, run: NewCycleRun): Promise<CycleRunRow> {
  return (await db
    .insertInto('reward_cycle_runs')
    .values({ ...run, rewards_written: run.rewards_written })
    .returningAll()
    .executeTakeFirstOrThrow()) as CycleRunRow;
}
