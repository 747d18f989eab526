import type { RewardState, RewardType } from '@uplink/contract/member-rewards';
import { type Kysely, sql } from 'kysely';
import type { PageWindow } from '../../db/list-page';
import type { Database } from '../../db/schema';

export interface StoredRewardPlan {
  version: number;
  /** NUMERIC as a string. */
  directPercent: string;
  /** NUMERIC strings, levels 1..15 in order. */
  levelPercents: string[];
}

/** The newest plan version: the one new rewards are paid under. */
export async function findCurrentRewardPlan(db: Kysely<Database>): Promise<StoredRewardPlan> {
  const { rows } = await sql<{ version: number; direct_percent: string; level_percents: string[] }>`
    SELECT version, direct_percent, level_percents::text[] AS level_percents
      FROM reward_plans
     ORDER BY version DESC
     LIMIT 1`.execute(db);
  const plan = rows[0];
  // Migration 0020 stores version 1 and the table refuses deletes, so a plan always exists.
  if (!plan) throw new Error('reward_plans holds no plan');
  return { version: plan.version, directPercent: plan.direct_percent, levelPercents: plan.level_percents };
}

/** The plan of `version` (a run resumed after a new plan still pays under the one it began with). */
export async function findRewardPlanVersion(db: Kysely<Database>, version: number): Promise<StoredRewardPlan> {
  const { rows } = await sql<{ version: number; direct_percent: string; level_percents: string[] }>`
    SELECT version, direct_percent, level_percents::text[] AS level_percents
      FROM reward_plans
     WHERE version = ${version}`.execute(db);
  const plan = rows[0];
  if (!plan) throw new Error(`reward_plans holds no plan ${version}`);
  return { version: plan.version, directPercent: plan.direct_percent, levelPercents: plan.level_percents };
}

export interface MemberRewardFilters {
  type?: RewardType;
  level?: number;
}

export type MemberRewardOrder = 'newest' | 'oldest' | 'largest' | 'smallest';

export interface RewardRow {
  id: string;
  type: RewardType;
  reward_amount: string;
  percent: string;
  master_amount: string;
  level: number;
  cycle: number;
  state: RewardState;
  created_at: Date;
  source_user_id: string | null;
  source_first_name: string | null;
  source_last_name: string | null;
  source_email: string | null;
  source_user_number: string | null;
}

const orderings: Record<MemberRewardOrder, ReturnType<typeof sql>> = {
  newest: sql`r.created_at DESC, r.id DESC`,
  oldest: sql`r.created_at ASC, r.id ASC`,
  largest: sql`r.reward_amount DESC, r.id DESC`,
  smallest: sql`r.reward_amount ASC, r.id ASC`,
};

/** A page of the member's rewards; the member whose trading earned a DOWNLINE reward comes with it. */
export async function findMemberRewards(
  db: Kysely<Database>,
  memberId: string,
  filters: MemberRewardFilters,
  order: MemberRewardOrder,
  page: PageWindow,
): Promise<RewardRow[]> {
  const { rows } = await sql<RewardRow>`
    SELECT r.id::text AS id, r.type, r.reward_amount::text AS reward_amount, r.percent::text AS percent,
           r.master_amount::text AS master_amount, r.level, r.cycle, r.state, r.created_at,
           s.id AS source_user_id, s.first_name AS source_first_name, s.last_name AS source_last_name,
           s.email AS source_email, s.user_id::text AS source_user_number
      FROM rewards r
      LEFT JOIN users s ON s.id = r.source_user_id AND r.type = 'DOWNLINE'
     WHERE r.beneficiary_id = ${memberId}
       ${filters.type ? sql`AND r.type = ${filters.type}` : sql``}
       ${filters.level ? sql`AND r.level = ${filters.level}` : sql``}
     ORDER BY ${orderings[order]}
     LIMIT ${page.limit} OFFSET ${page.offset}`.execute(db);
  return rows;
}

/** How many rewards match the filters, from the per-(type, level) counters (at most 30 rows). */
export async function countMemberRewards(
  db: Kysely<Database>,
  memberId: string,
  filters: MemberRewardFilters,
): Promise<number> {
  let query = db
    .selectFrom('reward_counts')
    .select(sql<string>`coalesce(sum(rewards), 0)::text`.as('total'))
    .where('beneficiary_id', '=', memberId);
  if (filters.type) query = query.where('type', '=', filters.type);
  if (filters.level) query = query.where('level', '=', filters.level);
  const row = await query.executeTakeFirst();
  return Number(row?.total ?? 0);
}

/**
 * The member's rewards each rounded to the cent, added up: what the history's rows add to, which
 * may differ by cents from what the ledger booked for them (each credit books its exact sum).
 */
export async function findRoundedRewardsSum(db: Kysely<Database>, memberId: string): Promise<string> {
  const { rows } = await sql<{ total: string }>`
    SELECT coalesce(sum(round(reward_amount, 2)), 0)::text AS total
      FROM rewards
     WHERE beneficiary_id = ${memberId}`.execute(db);
  return rows[0]?.total ?? '0';
}

export interface CreditsByType {
  /** NUMERIC strings: posted credits (posted at once or released) of DIRECT and DOWNLINE rewards. */
  direct: string;
  downline: string;
}

/**
 * The member's credits posted, split by reward type (from their ledger entries), so that the two
 * parts add up to their Total Earned (`credits_posted`) to the cent: DIRECT is its credits (whole
 * cents since migration 0120; older exact ones rounded down), DOWNLINE the rest — which includes
 * what the cents conversion took off an older balance and carried.
 */
export async function findPostedCreditsByType(db: Kysely<Database>, memberId: string): Promise<CreditsByType> {
  const { rows } = await sql<CreditsByType>`
    SELECT direct::text AS direct, (posted - direct)::text AS downline
      FROM (SELECT trunc(coalesce(sum(amount) FILTER (WHERE reason_type = 'REWARD' AND kind <> 'CREDIT_REVERSED'), 0), 2) AS direct,
                   coalesce(sum(CASE kind WHEN 'CREDIT_REVERSED' THEN -amount ELSE amount END), 0) AS posted
              FROM ledger_entries
             WHERE account_id = ${memberId} AND kind IN ('CREDIT_POSTED', 'CREDIT_RELEASED', 'CREDIT_REVERSED')) AS credits`.execute(
    db,
  );
  return rows[0] ?? { direct: '0', downline: '0' };
}

export interface CycleEarningsRow {
  cycle: number;
  /** NUMERIC strings: credited or locked in the cycle, forfeited excluded. */
  direct: string;
  downline: string;
}

/** What the member earned per cycle over the newest `cycles` cycles that earned anything (from the ledger). */
export async function findEarningsByCycle(
  db: Kysely<Database>,
  memberId: string,
  cycles: number,
): Promise<CycleEarningsRow[]> {
  const { rows } = await sql<CycleEarningsRow>`
    WITH credits AS (
      SELECT CASE e.reason_type WHEN 'REWARD_CYCLE' THEN e.reason_id::integer
                  ELSE (SELECT r.cycle FROM rewards r WHERE r.id = e.reason_id::bigint) END AS cycle,
             e.reason_type, e.amount
        FROM ledger_entries e
       WHERE e.account_id = ${memberId}
         AND e.kind IN ('CREDIT_POSTED', 'CREDIT_PENDING')
         AND e.reason_type IN ('REWARD', 'REWARD_CYCLE')
         AND NOT EXISTS (SELECT 1 FROM ledger_entries f WHERE f.settles_entry_id = e.id AND f.kind = 'CREDIT_FORFEITED')
    )
    SELECT cycle,
           coalesce(sum(amount) FILTER (WHERE reason_type = 'REWARD'), 0)::text AS direct,
           coalesce(sum(amount) FILTER (WHERE reason_type = 'REWARD_CYCLE'), 0)::text AS downline
      FROM credits
     GROUP BY cycle
     ORDER BY cycle DESC
     LIMIT ${cycles}`.execute(db);
  return rows.reverse();
}
