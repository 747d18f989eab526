import type { RewardState, RewardType } from '@uplink/contract/member-rewards';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import { memberMatches } from '../../db/member-search';
import { type MemberSummaryRow, memberSummaryColumns } from '../../db/member-summary';
import type { Database } from '../../db/schema';

/**
 * Every member's rewards for the administrators: a page, and the statistics of all that the
 * filters match. Without a search the statistics come from the counters of migration 0051 (at
 * most 120 rows); with one, from the matched members' own rewards, through the beneficiary index.
 */

export interface RewardKindFilters {
  type?: RewardType;
  level?: number;
}

export interface AllRewardsFilters extends RewardKindFilters {
  search?: string;
}

/** NUMERIC and bigint as strings, zeros when nothing matches. */
export interface RewardStatisticsRow {
  total: string;
  direct_count: string;
  downline_count: string;
  reward_amount: string;
  direct_amount: string;
  downline_amount: string;
  master_amount: string;
  average_amount: string;
  max_reward: string;
  min_reward: string;
}

/** The counters' statistics, with the span of reward ids the filters can match (null when none). */
export interface CountedRewardStatistics extends RewardStatisticsRow {
  first_id: string | null;
  last_id: string | null;
}

export const kindConditions = (alias: string, filters: RewardKindFilters): RawBuilder<unknown> => {
  const row = sql.ref(alias);
  return sql.join(
    [
      sql`true`,
      ...(filters.type ? [sql`${row}.type = ${filters.type}`] : []),
      ...(filters.level ? [sql`${row}.level = ${filters.level}`] : []),
    ],
    sql` AND `,
  );
};

// The quotient is taken at 30 decimals before it is rounded to 8, so it is rounded once, exactly.
const average = (amount: RawBuilder<unknown>, count: RawBuilder<unknown>) =>
  sql`coalesce(round(${amount}::numeric(68, 30) / nullif(${count}, 0), 8), 0)::text`;

/** The statistics of every reward of a type and level, from the counters. */
export async function findCountedRewardStatistics(
  db: Kysely<Database>,
  filters: RewardKindFilters,
): Promise<CountedRewardStatistics> {
  const { rows } = await sql<CountedRewardStatistics>`
    WITH extremes AS (
      SELECT max(e.max_reward) AS max_reward, min(e.min_reward) AS min_reward,
             min(e.first_id) AS first_id, max(e.last_id) AS last_id
        FROM reward_extremes e
       WHERE ${kindConditions('e', filters)}
    )
    SELECT coalesce(sum(t.rewards), 0)::text AS total,
           coalesce(sum(t.rewards) FILTER (WHERE t.type = 'DIRECT'), 0)::text AS direct_count,
           coalesce(sum(t.rewards) FILTER (WHERE t.type = 'DOWNLINE'), 0)::text AS downline_count,
           coalesce(sum(t.reward_amount), 0)::text AS reward_amount,
           coalesce(sum(t.reward_amount) FILTER (WHERE t.type = 'DIRECT'), 0)::text AS direct_amount,
           coalesce(sum(t.reward_amount) FILTER (WHERE t.type = 'DOWNLINE'), 0)::text AS downline_amount,
           coalesce(sum(t.master_amount), 0)::text AS master_amount,
           ${average(sql`sum(t.reward_amount)`, sql`sum(t.rewards)`)} AS average_amount,
           (SELECT coalesce(max_reward, 0)::text FROM extremes) AS max_reward,
           (SELECT coalesce(min_reward, 0)::text FROM extremes) AS min_reward,
           (SELECT first_id::text FROM extremes) AS first_id,
           (SELECT last_id::text FROM extremes) AS last_id
      FROM reward_totals t
     WHERE ${kindConditions('t', filters)}`.execute(db);
  return rows[0] as CountedRewardStatistics;
}

/** The statistics of the rewards of the members a search matches, from those rewards themselves. */
export async function findSearchedRewardStatistics(
  db: Kysely<Database>,
  search: string,
  filters: RewardKindFilters,
): Promise<RewardStatisticsRow> {
  const { rows } = await sql<RewardStatisticsRow>`
    SELECT count(*)::text AS total,
           count(*) FILTER (WHERE r.type = 'DIRECT')::text AS direct_count,
           count(*) FILTER (WHERE r.type = 'DOWNLINE')::text AS downline_count,
           coalesce(sum(r.reward_amount), 0)::text AS reward_amount,
           coalesce(sum(r.reward_amount) FILTER (WHERE r.type = 'DIRECT'), 0)::text AS direct_amount,
           coalesce(sum(r.reward_amount) FILTER (WHERE r.type = 'DOWNLINE'), 0)::text AS downline_amount,
           coalesce(sum(r.master_amount), 0)::text AS master_amount,
           ${average(sql`sum(r.reward_amount)`, sql`count(*)`)} AS average_amount,
           coalesce(max(r.reward_amount), 0)::text AS max_reward,
           coalesce(min(r.reward_amount), 0)::text AS min_reward
      FROM users b
      JOIN rewards r ON r.beneficiary_id = b.id
     WHERE ${memberMatches('b', search)} AND ${kindConditions('r', filters)}`.execute(db);
  return rows[0] as RewardStatisticsRow;
}

/** A reward with the member who earned it (`beneficiary_`) and the member it came from (`source_`). */
export interface AdminRewardRow extends MemberSummaryRow<'beneficiary'>, MemberSummaryRow<'source'> {
  id: string;
  type: RewardType;
  level: number;
  cycle: number;
  plan_version: number;
  percent: string;
  master_amount: string;
  reward_amount: string;
  state: RewardState;
  created_at: Date;
}

export interface RewardsPage {
  order: 'newest' | 'oldest';
  limit: number;
  offset: number;
  /** The reward ids the filters can match at all: the walk of the primary key starts there. */
  span?: { firstId: string; lastId: string };
}

/**
 * A page of rewards in creation order (`id` follows it), with the member who earned each and the
 * member it came from. The page is chosen first, then its 2 × limit members are joined. A DIRECT
 * page reads `rewards_direct_idx`; any other walks the primary key from the end the order starts
 * at, filtered, within the span.
 */
export async function findRewardsPage(
  db: Kysely<Database>,
  filters: AllRewardsFilters,
  page: RewardsPage,
): Promise<AdminRewardRow[]> {
  const direction = page.order === 'newest' ? sql`DESC` : sql`ASC`;
  const { rows } = await sql<AdminRewardRow>`
    WITH page AS (
      SELECT r.* FROM rewards r
       WHERE ${kindConditions('r', filters)}
         ${page.span ? sql`AND r.id BETWEEN ${page.span.firstId} AND ${page.span.lastId}` : sql``}
         ${
           filters.search
             ? sql`AND r.beneficiary_id IN (SELECT u.id FROM users u WHERE ${memberMatches('u', filters.search)})`
             : sql``
         }
       ORDER BY r.id ${direction}
       LIMIT ${page.limit} OFFSET ${page.offset}
    )
    SELECT p.id::text AS id, p.type, p.level, p.cycle, p.plan_version, p.percent::text AS percent,
           p.master_amount::text AS master_amount, p.reward_amount::text AS reward_amount, p.state, p.created_at,
           ${memberSummaryColumns('b', 'beneficiary')}, ${memberSummaryColumns('s', 'source')}
      FROM page p
      JOIN users b ON b.id = p.beneficiary_id
      JOIN users s ON s.id = p.source_user_id
     ORDER BY p.id ${direction}`.execute(db);
  return rows;
}
