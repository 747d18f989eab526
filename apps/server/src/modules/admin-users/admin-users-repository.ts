import type { UserStatus } from '@uplink/contract/constants';
import type { WithdrawalStatus } from '@uplink/contract/withdrawals';
import { type Kysely, sql } from 'kysely';
import type { PageWindow } from '../../db/list-page';
import { isListedMember, memberMatches } from '../../db/member-search';
import { type MemberSummaryRow, memberSummaryColumns } from '../../db/member-summary';
import type { Database, UserRow } from '../../db/schema';

/** Locks the member an administrator acts on until the transaction ends: one change at a time. */
export function lockMemberForAdminAction(db: Kysely<Database>, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

/**
 * A status other than ACTIVE also ends every session opened before it, for good: the sessions
 * are refused while the account is LOCKED or DISABLED by the status itself, and stay refused
 * once it is ACTIVE again by their old session version.
 */
export function setUserStatus(db: Kysely<Database>, id: string, status: UserStatus, at: Date): Promise<UserRow> {
  return db
    .updateTable('users')
    .set((eb) => ({
      status,
      updated_at: at,
      ...(status === 'ACTIVE' ? {} : { session_version: eb('session_version', '+', 1) }),
    }))
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export interface UserCounts {
  total: string;
  active: string;
  locked: string;
  disabled: string;
  verified: string;
  onboarded: string;
  everPaid: string;
}

/** The admin statistics of members not deleted, summed from their maintained counters (at most 24 rows). */
export async function findUserCounts(db: Kysely<Database>): Promise<UserCounts> {
  const { rows } = await sql<UserCounts>`
    SELECT coalesce(sum(members), 0)::text AS total,
           coalesce(sum(members) FILTER (WHERE status = 'ACTIVE'), 0)::text AS active,
           coalesce(sum(members) FILTER (WHERE status = 'LOCKED'), 0)::text AS locked,
           coalesce(sum(members) FILTER (WHERE status = 'DISABLED'), 0)::text AS disabled,
           coalesce(sum(members) FILTER (WHERE email_verified), 0)::text AS verified,
           coalesce(sum(members) FILTER (WHERE ever_paid AND exchange_linked), 0)::text AS onboarded,
           coalesce(sum(members) FILTER (WHERE ever_paid), 0)::text AS "everPaid"
      FROM user_counts`.execute(db);
  return rows[0] as UserCounts;
}

/** Members whose paid period has ended by `at`: an index-only count over the lapsed period ends. */
export async function countLapsedSubscriptions(db: Kysely<Database>, at: Date): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select(sql<string>`count(*)::text`.as('lapsed'))
    .where('deleted_at', 'is', null)
    .where('subscription_paid_at', 'is not', null)
    .where('subscription_period_ends_at', '<=', at)
    .executeTakeFirstOrThrow();
  return Number(row.lapsed);
}

/** Members (not deleted, not administrators) who joined at or after `since`, over the creation-time index. */
export async function countMembersJoinedSince(db: Kysely<Database>, since: Date): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select(sql<string>`count(*)::text`.as('joined'))
    .where('created_at', '>=', since)
    .where(isListedMember('users'))
    .executeTakeFirstOrThrow();
  return Number(row.joined);
}

export interface AdminUserRow extends UserRow, MemberSummaryRow {
  sponsor_first_name: string | null;
  sponsor_last_name: string | null;
  sponsor_user_number: string | null;
  sponsor_referral_code: string | null;
  credits_posted: string;
  credits_pending: string;
  debits_posted: string;
  debits_pending: string;
  available: string;
}

/** A listed member's row: a member always holds a referral code (migration 0244's check). */
export type ListedMemberRow = AdminUserRow & { referral_code: string };

/**
 * Members (not deleted, not administrators), newest first (`seq` follows creation), optionally those matching a search;
 * the page is chosen first, then its sponsors and balances are joined.
 */
export async function findUsersPage(
  db: Kysely<Database>,
  search: string | undefined,
  order: 'newest' | 'oldest',
  page: PageWindow,
): Promise<ListedMemberRow[]> {
  const direction = order === 'newest' ? sql`DESC` : sql`ASC`;
  const { rows } = await sql<ListedMemberRow>`
    WITH page AS (
      SELECT * FROM users u
       WHERE ${isListedMember('u')} ${search ? sql`AND ${memberMatches('u', search)}` : sql``}
       ORDER BY u.seq ${direction}
       LIMIT ${page.limit} OFFSET ${page.offset}
    )
    SELECT p.*, ${memberSummaryColumns('p')}, ${sponsorAndBalanceColumns}
      FROM page p
      ${sponsorAndBalanceJoins}
     ORDER BY p.seq ${direction}`.execute(db);
  return rows;
}

/** How many members (not deleted, not administrators) match a search. */
export async function countUsersMatching(db: Kysely<Database>, search: string): Promise<number> {
  const { rows } = await sql<{ total: string }>`
    SELECT count(*)::text AS total FROM users u WHERE ${isListedMember('u')} AND ${memberMatches('u', search)}`.execute(
    db,
  );
  return Number(rows[0]?.total ?? 0);
}

/** One member (deleted or not) with their sponsor and balances. */
export async function findAdminUser(db: Kysely<Database>, id: string): Promise<AdminUserRow | undefined> {
  const { rows } = await sql<AdminUserRow>`
    SELECT p.*, ${memberSummaryColumns('p')}, ${sponsorAndBalanceColumns}
      FROM users p
      ${sponsorAndBalanceJoins}
     WHERE p.id = ${id}`.execute(db);
  return rows[0];
}

const sponsorAndBalanceColumns = sql`
  s.first_name AS sponsor_first_name, s.last_name AS sponsor_last_name, s.user_id AS sponsor_user_number,
  s.referral_code AS sponsor_referral_code,
  coalesce(a.credits_posted, 0)::text AS credits_posted, coalesce(a.credits_pending, 0)::text AS credits_pending,
  coalesce(a.debits_posted, 0)::text AS debits_posted, coalesce(a.debits_pending, 0)::text AS debits_pending,
  coalesce(a.credits_posted - a.debits_posted - a.debits_pending, 0)::text AS available`;

const sponsorAndBalanceJoins = sql`
  LEFT JOIN users s ON s.id = p.sponsor_id
  LEFT JOIN ledger_accounts a ON a.user_id = p.id`;

/** The member's downline within 15 levels and their direct referrals, from the maintained per-level counts. */
export async function findReferralCounts(
  db: Kysely<Database>,
  memberId: string,
): Promise<{ total: number; direct: number }> {
  const row = await db
    .selectFrom('referral_downline_counts')
    .select([
      sql<string>`coalesce(sum(members), 0)::text`.as('total'),
      sql<string>`coalesce(sum(members) FILTER (WHERE depth = 1), 0)::text`.as('direct'),
    ])
    .where('ancestor_id', '=', memberId)
    .executeTakeFirstOrThrow();
  return { total: Number(row.total), direct: Number(row.direct) };
}

export interface MemberWithdrawalTotals {
  requested: string;
  approved: string;
  pending: string;
}

/** The member's withdrawal totals (a member's withdrawals are few: read through their index). */
export async function findMemberWithdrawalTotals(
  db: Kysely<Database>,
  memberId: string,
): Promise<MemberWithdrawalTotals> {
  const { rows } = await sql<MemberWithdrawalTotals>`
    SELECT coalesce(sum(amount), 0)::text AS requested,
           coalesce(sum(amount) FILTER (WHERE status = 'APPROVED'), 0)::text AS approved,
           coalesce(sum(amount) FILTER (WHERE status = 'PENDING'), 0)::text AS pending
      FROM withdrawals WHERE user_id = ${memberId}`.execute(db);
  return rows[0] as MemberWithdrawalTotals;
}

/** Whether the member has a withdrawal waiting for a decision. */
export async function hasPendingWithdrawal(db: Kysely<Database>, memberId: string): Promise<boolean> {
  const row = await db
    .selectFrom('withdrawals')
    .select('id')
    .where('user_id', '=', memberId)
    .where('status', '=', 'PENDING')
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * The soft delete: the row stays for the tree, the ledger and the rewards; sign-in ends (a new
 * session version, an e-mail no one can type) and personal data is blanked. The referral code
 * becomes lower-case, which no typed code matches (codes are compared upper-case).
 */
export function blankDeletedMember(db: Kysely<Database>, id: string, at: Date): Promise<UserRow> {
  return db
    .updateTable('users')
    .set((eb) => ({
      deleted_at: at,
      status: 'DISABLED',
      first_name: 'Deleted',
      last_name: 'member',
      email: sql<string>`'deleted-' || id || '@deleted.invalid'`,
      normalized_email: null,
      referral_code: sql<string>`'deleted-' || seq`,
      bingx_uid: null,
      bingx_kyc: null,
      bingx_balance: null,
      bingx_balance_checked_at: null,
      session_version: eb('session_version', '+', 1),
      updated_at: at,
    }))
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export interface RecentWithdrawalRow {
  id: string;
  first_name: string;
  last_name: string;
  amount: string;
  status: WithdrawalStatus;
  requested_at: Date;
}

/** The latest withdrawal requests with their members' names, over the request-time index. */
export async function findRecentWithdrawals(db: Kysely<Database>, limit: number): Promise<RecentWithdrawalRow[]> {
  const { rows } = await sql<RecentWithdrawalRow>`
    SELECT w.id, u.first_name, u.last_name, w.amount::text AS amount, w.status, w.requested_at
      FROM withdrawals w JOIN users u ON u.id = w.user_id
     ORDER BY w.requested_at DESC, w.id DESC
     LIMIT ${limit}`.execute(db);
  return rows;
}

/** The members who joined last (not deleted, not administrators). */
export function findRecentMembers(db: Kysely<Database>, limit: number): Promise<UserRow[]> {
  return db
    .selectFrom('users')
    .selectAll()
    .where(isListedMember('users'))
    .orderBy('seq', 'desc')
    .limit(limit)
    .execute();
}
