import type { UserStatus } from '@uplink/contract/constants';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { PageWindow } from '../../db/list-page';
import { isListedMember, memberMatches } from '../../db/member-search';
import { type MemberSummaryRow, memberSummaryColumns } from '../../db/member-summary';
import type { Database } from '../../db/schema';

export interface MemberReportFilters {
  search?: string;
  status?: UserStatus;
}

/** One member of a report page with their figures; NUMERIC sums and counts as strings. */
export interface MemberReportRow extends MemberSummaryRow {
  status: UserStatus;
  is_admin: boolean;
  created_at: Date;
  sign_in_count: number;
  available: string;
  pending_withdrawals: string;
  pending_amount: string;
  withdrawal_requests: string;
  master_amount: string;
  rewards: string;
  avg_percent: string | null;
  direct_credited: string;
  downline_credited: string;
  total_referrals: string;
  direct_referrals: string;
  last_activity: Date | null;
}

function memberConditions(filters: MemberReportFilters): RawBuilder<boolean> {
  return sql<boolean>`${isListedMember('u')}
    ${filters.status ? sql`AND u.status = ${filters.status}` : sql``}
    ${filters.search ? sql`AND ${memberMatches('u', filters.search)}` : sql``}`;
}

/**
 * A page of members (deleted ones and administrators left out), newest first, and for each of them their figures.
 * The page is chosen first; each figure is then read per member through that member's index
 * (withdrawals, ledger entries, rewards and statements by member, the maintained downline
 * counts), so a page costs what its members have, never a pass over a whole table.
 */
export async function findMemberReportsPage(
  db: Kysely<Database>,
  filters: MemberReportFilters,
  page: PageWindow,
): Promise<MemberReportRow[]> {
  const { rows } = await sql<MemberReportRow>`
    WITH page AS (
      SELECT u.id, u.seq, u.user_id, u.first_name, u.last_name, u.email, u.status, u.is_admin, u.created_at,
             u.last_login_at, u.sign_in_count
        FROM users u
       WHERE ${memberConditions(filters)}
       ORDER BY u.seq DESC
       LIMIT ${page.limit} OFFSET ${page.offset}
    )
    SELECT ${memberSummaryColumns('p')}, p.status, p.is_admin, p.created_at, p.sign_in_count,
           coalesce(a.credits_posted - a.debits_posted - a.debits_pending, 0)::text AS available,
           w.pending_withdrawals, w.pending_amount, w.withdrawal_requests,
           s.master_amount,
           r.rewards, r.avg_percent,
           c.direct_credited, c.downline_credited,
           d.total_referrals, d.direct_referrals,
           greatest(p.last_login_at, r.last_reward_at, w.last_requested_at) AS last_activity
      FROM page p
      LEFT JOIN ledger_accounts a ON a.user_id = p.id
      CROSS JOIN LATERAL (
        SELECT count(*) FILTER (WHERE status = 'PENDING')::text AS pending_withdrawals,
               coalesce(sum(amount) FILTER (WHERE status = 'PENDING'), 0)::text AS pending_amount,
               count(*)::text AS withdrawal_requests,
               max(requested_at) AS last_requested_at
          FROM withdrawals WHERE user_id = p.id
      ) w
      CROSS JOIN LATERAL (
        SELECT coalesce(sum(master_amount), 0)::text AS master_amount
          FROM reward_statement_entries WHERE copier_id = p.id
      ) s
      CROSS JOIN LATERAL (
        SELECT count(*)::text AS rewards, avg(percent)::text AS avg_percent, max(created_at) AS last_reward_at
          FROM rewards WHERE beneficiary_id = p.id
      ) r
      -- Credited rewards by type: DIRECT ones are booked one by one, DOWNLINE ones as one credit per cycle.
      CROSS JOIN LATERAL (
        SELECT coalesce(sum(amount) FILTER (WHERE reason_type = 'REWARD'), 0)::text AS direct_credited,
               coalesce(sum(amount) FILTER (WHERE reason_type = 'REWARD_CYCLE'), 0)::text AS downline_credited
          FROM ledger_entries
         WHERE account_id = p.id AND kind IN ('CREDIT_POSTED', 'CREDIT_RELEASED')
      ) c
      CROSS JOIN LATERAL (
        SELECT coalesce(sum(members), 0)::text AS total_referrals,
               coalesce(sum(members) FILTER (WHERE depth = 1), 0)::text AS direct_referrals
          FROM referral_downline_counts WHERE ancestor_id = p.id
      ) d
     ORDER BY p.seq DESC`.execute(db);
  return rows;
}

/**
 * How many members the filters keep: without a search, from the maintained counters (at most 24
 * rows); with one, counted over the search index.
 */
export async function countMemberReports(db: Kysely<Database>, filters: MemberReportFilters): Promise<number> {
  const { rows } = filters.search
    ? await sql<{ total: string }>`
        SELECT count(*)::text AS total FROM users u WHERE ${memberConditions(filters)}`.execute(db)
    : await sql<{ total: string }>`
        SELECT coalesce(sum(members), 0)::text AS total FROM user_counts
         ${filters.status ? sql`WHERE status = ${filters.status}` : sql``}`.execute(db);
  return Number(rows[0]?.total ?? 0);
}
