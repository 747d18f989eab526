import { type Kysely, sql } from 'kysely';
import { isListedMember, memberMatches } from '../../db/member-search';
import type { Database } from '../../db/schema';
import { type AuditLogFilters, auditLogConditions } from '../audit/audit-log-repository';
import { type AllRewardsFilters, kindConditions } from '../rewards/all-rewards-repository';
import { type ReviewFilters, reviewWhere } from '../withdrawals/review-filters';
import type { StatementRewardRow, StatementWithdrawalRow } from './member-statements-repository';

/**
 * The administrators' lists read for export: the filters of each screen (the same condition
 * builders its page uses), newest first, a chunk at a time strictly after the last row sent
 * (keyset on an indexed, unique order), so a million rows cost the memory of one chunk.
 */

export interface ExportUserRow {
  seq: string;
  user_id: string;
  first_name: string;
  last_name: string;
  email: string;
  status: string;
  is_email_verified: boolean;
  is_admin: boolean;
  bingx_uid: string | null;
  referral_code: string;
  sponsor_user_number: string | null;
  subscription_paid_at: Date | null;
  subscription_period_ends_at: Date | null;
  credits_posted: string;
  credits_pending: string;
  debits_posted: string;
  available: string;
  created_at: Date;
}

export async function findUsersForExport(
  db: Kysely<Database>,
  search: string | undefined,
  last: ExportUserRow | undefined,
  limit: number,
): Promise<ExportUserRow[]> {
  const { rows } = await sql<ExportUserRow>`
    SELECT u.seq::text AS seq, u.user_id::text AS user_id, u.first_name, u.last_name, u.email, u.status,
           u.is_email_verified, u.is_admin, u.bingx_uid, u.referral_code, s.user_id::text AS sponsor_user_number,
           u.subscription_paid_at, u.subscription_period_ends_at,
           coalesce(a.credits_posted, 0)::text AS credits_posted, coalesce(a.credits_pending, 0)::text AS credits_pending,
           coalesce(a.debits_posted, 0)::text AS debits_posted,
           coalesce(a.credits_posted - a.debits_posted - a.debits_pending, 0)::text AS available, u.created_at
      FROM users u
      LEFT JOIN users s ON s.id = u.sponsor_id
      LEFT JOIN ledger_accounts a ON a.user_id = u.id
     WHERE ${isListedMember('u')}
       ${search ? sql`AND ${memberMatches('u', search)}` : sql``}
       ${last ? sql`AND u.seq < ${last.seq}::bigint` : sql``}
     ORDER BY u.seq DESC
     LIMIT ${limit}`.execute(db);
  return rows;
}

/** A member's statement line, with the member it belongs to. */
export interface ExportWithdrawalRow extends StatementWithdrawalRow {
  member_user_number: string;
  member_first_name: string;
  member_last_name: string;
  member_email: string;
}

export async function findWithdrawalsForExport(
  db: Kysely<Database>,
  filters: ReviewFilters,
  last: ExportWithdrawalRow | undefined,
  limit: number,
): Promise<ExportWithdrawalRow[]> {
  const { rows } = await sql<ExportWithdrawalRow>`
    SELECT w.id::text AS id, w.requested_at, w.requested_at::text AS requested_key,
           u.user_id::text AS member_user_number, u.first_name AS member_first_name, u.last_name AS member_last_name,
           u.email AS member_email, w.amount::text AS amount, w.asset, w.wallet_address, w.status, w.reason,
           w.transaction_hash, w.processed_at
      FROM withdrawals w JOIN users u ON u.id = w.user_id
     ${reviewWhere(filters)}
       ${last ? sql`AND (w.requested_at, w.id) < (${last.requested_key}::timestamptz, ${last.id}::uuid)` : sql``}
     ORDER BY w.requested_at DESC, w.id DESC
     LIMIT ${limit}`.execute(db);
  return rows;
}

/** A member's statement line, with the member who earned it and the plan it was computed by. */
export interface ExportRewardRow extends StatementRewardRow {
  beneficiary_user_number: string | null;
  beneficiary_first_name: string | null;
  beneficiary_last_name: string | null;
  plan_version: number;
}

export interface RewardExportFilters extends AllRewardsFilters {
  cycle?: number;
}

export async function findRewardsForExport(
  db: Kysely<Database>,
  filters: RewardExportFilters,
  last: ExportRewardRow | undefined,
  limit: number,
): Promise<ExportRewardRow[]> {
  // The page is chosen on the rewards alone (the primary key, newest first), then its people are joined.
  const { rows } = await sql<ExportRewardRow>`
    WITH chunk AS (
      SELECT r.* FROM rewards r
       WHERE ${kindConditions('r', filters)}
         ${filters.cycle ? sql`AND r.cycle = ${filters.cycle}` : sql``}
         ${filters.search ? sql`AND r.beneficiary_id IN (SELECT b.id FROM users b WHERE ${memberMatches('b', filters.search)})` : sql``}
         ${last ? sql`AND r.id < ${last.id}::bigint` : sql``}
       ORDER BY r.id DESC
       LIMIT ${limit}
    )
    SELECT c.id::text AS id, c.created_at, c.created_at::text AS created_key, b.user_id::text AS beneficiary_user_number,
           b.first_name AS beneficiary_first_name, b.last_name AS beneficiary_last_name,
           s.user_id::text AS source_user_number, s.first_name AS source_first_name, s.last_name AS source_last_name,
           c.type, c.level, c.cycle, c.plan_version, c.percent::text AS percent,
           c.master_amount::text AS master_amount, c.reward_amount::text AS reward_amount, c.state
      FROM chunk c
      LEFT JOIN users b ON b.id = c.beneficiary_id
      LEFT JOIN users s ON s.id = c.source_user_id
     ORDER BY c.id DESC`.execute(db);
  return rows;
}

export interface ExportAuditRow {
  id: string;
  created_at: Date;
  action: string;
  actor_user_number: string | null;
  actor_first_name: string | null;
  actor_last_name: string | null;
  target_type: string;
  target_id: string;
  target_user_number: string | null;
  ip_address: string | null;
  request_id: string | null;
  before: unknown;
  after: unknown;
}

export async function findAuditLogForExport(
  db: Kysely<Database>,
  filters: AuditLogFilters,
  last: ExportAuditRow | undefined,
  limit: number,
): Promise<ExportAuditRow[]> {
  const { rows } = await sql<ExportAuditRow>`
    WITH chunk AS (
      SELECT * FROM audit_log l
       WHERE ${auditLogConditions(filters)}
         ${last ? sql`AND l.id < ${last.id}::bigint` : sql``}
       ORDER BY l.id DESC
       LIMIT ${limit}
    )
    SELECT c.id::text AS id, c.created_at, c.action, a.user_id::text AS actor_user_number,
           a.first_name AS actor_first_name, a.last_name AS actor_last_name, c.target_type, c.target_id,
           t.user_id::text AS target_user_number, c.ip_address, c.request_id, c.before, c.after
      FROM chunk c
      LEFT JOIN users a ON a.id = c.actor_id
      LEFT JOIN users t ON t.id = CASE WHEN c.target_type = 'USER' AND c.target_id ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
                                       THEN c.target_id::uuid END
     ORDER BY c.id DESC`.execute(db);
  return rows;
}
