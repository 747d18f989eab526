import { referralLevels, type UserStatus } from '@uplink/contract/constants';
import { type Expression, type Kysely, sql } from 'kysely';
import type { PageWindow } from '../../db/list-page';
import { executePrepared } from '../../db/prepared-statements';
import type { Database } from '../../db/schema';

/**
 * Reads of a member's downline. Every query starts at the caller (`ancestor_id = callerId`), so
 * nobody outside the caller's own downline can ever be returned.
 */

export interface DownlineFilter {
  /** Levels below the caller to include (non-empty, each 1..15). */
  levels: number[];
  /** Account statuses to include (non-empty). */
  statuses: readonly UserStatus[];
}

export interface DownlineStatistics {
  totalReferrals: number;
  activeReferrals: number;
  bingxLinked: number;
  paidSubscriptions: number;
}

export interface DownlineMemberRow {
  id: string;
  user_id: string;
  first_name: string;
  last_name: string;
  email: string;
  level: number;
  status: UserStatus;
  subscription_paid_at: Date | null;
  subscription_period_ends_at: Date | null;
  bingx_linked: boolean;
  joined_at: Date;
}

export interface DownlinePage {
  statistics: DownlineStatistics;
  members: DownlineMemberRow[];
}

type StatisticsColumns = {
  total_referrals: number;
  active_referrals: number;
  bingx_linked_count: number;
  paid_subscriptions: number;
};
type PageRow = StatisticsColumns & { [K in keyof DownlineMemberRow]: DownlineMemberRow[K] | null };

/**
 * One page of the caller's downline, newest first, with the statistics of the whole filtered set,
 * in one statement. The statistics are sums over the per-level counters (at most 15 × 12 rows).
 * The page reads, for each (level, status) the filters allow, the newest `offset + limit` rows of
 * one index range — already in joined-date order — and keeps the newest `limit` of those: the
 * first pages cost the same for a downline of a hundred or of a million members, and a page n
 * reads at most 45 × 10n index entries. A short, fixed statement, prepared once per connection.
 */
export async function findDownlinePage(
  db: Kysely<Database>,
  callerId: string,
  filter: DownlineFilter,
  page: PageWindow,
): Promise<DownlinePage> {
  const rows = await executePrepared(
    db,
    'downline-page',
    sql<PageRow>`
    WITH statistics AS (
      SELECT coalesce(sum(members), 0)::int AS total_referrals,
             coalesce(sum(members) FILTER (WHERE member_status = 'ACTIVE'), 0)::int AS active_referrals,
             coalesce(sum(members) FILTER (WHERE bingx_linked), 0)::int AS bingx_linked_count,
             coalesce(sum(members) FILTER (WHERE subscription_paid), 0)::int AS paid_subscriptions
        FROM referral_downline_counts
       WHERE ancestor_id = ${callerId}
         AND depth = ANY(${filter.levels}::smallint[])
         AND member_status = ANY(${filter.statuses}::text[])
    ),
    page AS (
      SELECT newest.descendant_id, newest.depth, newest.member_joined_at
        FROM unnest(${filter.levels}::smallint[]) AS level(depth)
       CROSS JOIN unnest(${filter.statuses}::text[]) AS status(name)
       CROSS JOIN LATERAL (
         SELECT c.descendant_id, c.depth, c.member_joined_at
           FROM referral_closure c
          WHERE c.ancestor_id = ${callerId} AND c.depth = level.depth AND c.member_status = status.name
          ORDER BY c.member_joined_at DESC, c.descendant_id DESC
          LIMIT ${page.offset + page.limit}
       ) AS newest
       ORDER BY newest.member_joined_at DESC, newest.descendant_id DESC
       LIMIT ${page.limit} OFFSET ${page.offset}
    )
    SELECT s.*, u.id, u.user_id, u.first_name, u.last_name, u.email, p.depth::int AS level, u.status,
           u.subscription_paid_at,
           u.subscription_period_ends_at,
           u.bingx_uid IS NOT NULL AS bingx_linked, p.member_joined_at AS joined_at
      FROM statistics s
      LEFT JOIN (page p JOIN users u ON u.id = p.descendant_id) ON true
     ORDER BY p.member_joined_at DESC, p.descendant_id DESC
  `.compile(db),
  );

  const first = rows[0];
  const statistics: DownlineStatistics = {
    totalReferrals: first?.total_referrals ?? 0,
    activeReferrals: first?.active_referrals ?? 0,
    bingxLinked: first?.bingx_linked_count ?? 0,
    paidSubscriptions: first?.paid_subscriptions ?? 0,
  };
  const members = rows.filter((row): row is PageRow & DownlineMemberRow => row.id !== null);
  return { statistics, members };
}

export interface TreeNodeRow {
  id: string;
  level: number;
  user_id: string;
  first_name: string;
  last_name: string;
  email: string;
  sponsor_id: string;
  joined_at: Date;
  /** Members below this node within the caller's 15 levels, whatever `maxLevels` shows. */
  total_descendants: number;
  /** NUMERIC as a string: what the caller earned from this member. */
  earned_by_caller: string;
}

/**
 * The caller's downline down to `maxLevels`, breadth first (whole levels in order), at most
 * `nodeLimit` rows; ask for one more than you keep to learn whether it was cut.
 *
 * `total_descendants` comes from the per-level counters, not from the rows returned: a node's
 * whole downline within the caller's network (the caller's 15 levels), so 'View Levels' changes
 * what is drawn, never the figures.
 *
 * `earned_by_caller` is the exact sum of the caller's rewards whose source is that member (the
 * rewards table: beneficiary = caller, source_user_id = member), DIRECT and DOWNLINE alike,
 * whatever became of them (credited, locked or forfeited) — what the caller earned *from that
 * member*, not from the member's subtree, so the per-node figures add up to the exact sum the
 * tree's line explains (credited + locked + forfeited + carried) without counting anything twice.
 */
export async function findDownlineTree(
  db: Kysely<Database>,
  callerId: string,
  maxLevels: number,
  nodeLimit: number,
): Promise<TreeNodeRow[]> {
  return executePrepared(
    db,
    'downline-tree',
    sql<TreeNodeRow>`
    WITH tree_nodes AS (
      SELECT descendant_id, depth
        FROM referral_closure
       WHERE ancestor_id = ${callerId} AND depth <= ${maxLevels}
       ORDER BY depth, descendant_id
       LIMIT ${nodeLimit}
    )
    SELECT u.id, t.depth::int AS level, u.user_id, u.first_name, u.last_name, u.email, u.sponsor_id,
           u.created_at AS joined_at,
           (SELECT coalesce(sum(k.members), 0)::int
              FROM referral_downline_counts k
             WHERE k.ancestor_id = t.descendant_id AND k.depth <= ${referralLevels} - t.depth) AS total_descendants,
           (SELECT coalesce(sum(r.reward_amount), 0)
              FROM rewards r
             WHERE r.beneficiary_id = ${callerId} AND r.source_user_id = t.descendant_id) AS earned_by_caller
      FROM tree_nodes t
      JOIN users u ON u.id = t.descendant_id
  `.compile(db),
  );
}

/**
 * Statistics of the whole downline (15 levels) of the member `memberId` names (a column of the
 * caller's own row), whatever depth the tree shows and also when the node list was cut: the
 * cards describe the network, not the part of it on screen.
 */
export function downlineTreeStatistics(memberId: Expression<string>) {
  return [
    sql<number>`(SELECT coalesce(sum(members), 0)::int FROM referral_downline_counts
                  WHERE ancestor_id = ${memberId})`.as('total_referrals'),
    sql<number>`(SELECT coalesce(sum(members), 0)::int FROM referral_downline_counts
                  WHERE ancestor_id = ${memberId} AND depth = 1)`.as('direct_referrals'),
    sql<number>`(SELECT coalesce(max(depth), 0)::int FROM referral_downline_counts
                  WHERE ancestor_id = ${memberId} AND members > 0)`.as('max_depth_reached'),
    // What the member's rewards from the downline became in the ledger (every reward comes from a
    // downline member): credited, locked, forfeited and carried, NUMERIC strings that add up to the
    // exact sum of the nodes' rewards (`rewardFiguresNote`).
    // (0 without a ledger account: the network seeder loads members with their triggers off.)
    sql<string>`coalesce((SELECT credits_posted FROM ledger_accounts WHERE user_id = ${memberId}), 0)::text`.as(
      'tree_credited',
    ),
    sql<string>`coalesce((SELECT credits_pending FROM ledger_accounts WHERE user_id = ${memberId}), 0)::text`.as(
      'tree_locked',
    ),
    sql<string>`coalesce((SELECT carry FROM ledger_accounts WHERE user_id = ${memberId}), 0)::text`.as('tree_carried'),
    sql<string>`(SELECT coalesce(sum(amount), 0) FROM ledger_entries
                  WHERE account_id = ${memberId} AND kind = 'CREDIT_FORFEITED')::text`.as('tree_forfeited'),
  ];
}
