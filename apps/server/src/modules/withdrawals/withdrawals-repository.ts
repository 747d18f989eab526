import type { WithdrawalDecision, WithdrawalStatus } from '@uplink/contract/withdrawals';
import { type Kysely, sql } from 'kysely';
import { violatedConstraint } from '../../db/constraint-violations';
import { likeSubstring, memberMatches } from '../../db/member-search';
import type { Database, WithdrawalRow } from '../../db/schema';

export async function countPendingWithdrawals(db: Kysely<Database>, memberId: string): Promise<number> {
  const row = await db
    .selectFrom('withdrawals')
    .select(sql<string>`count(*)::text`.as('pending'))
    .where('user_id', '=', memberId)
    .where('status', '=', 'PENDING')
    .executeTakeFirst();
  return Number(row?.pending ?? 0);
}

export interface NewWithdrawal {
  id: string;
  memberId: string;
  amount: string;
  walletAddress: string;
  codeId: string;
  holdEntryId: string;
  requestedAt: Date;
}

export function insertWithdrawal(db: Kysely<Database>, withdrawal: NewWithdrawal): Promise<WithdrawalRow> {
  return db
    .insertInto('withdrawals')
    .values({
      id: withdrawal.id,
      user_id: withdrawal.memberId,
      amount: withdrawal.amount,
      wallet_address: withdrawal.walletAddress,
      code_id: withdrawal.codeId,
      hold_entry_id: withdrawal.holdEntryId,
      requested_at: withdrawal.requestedAt,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The database refused a second pending withdrawal to the same wallet address. */
export const isWalletInUse = (error: unknown) => violatedConstraint(error) === 'withdrawals_wallet_pending';
/** The database refused a transaction hash that already proves another withdrawal. */
export const isTransactionUsed = (error: unknown) => violatedConstraint(error) === 'withdrawals_transaction_once';

export interface WithdrawalPage {
  rows: WithdrawalRow[];
  total: number;
}

/** A page of one member's withdrawals, newest first. */
export async function findMemberWithdrawals(
  db: Kysely<Database>,
  memberId: string,
  status: WithdrawalStatus | undefined,
  page: { limit: number; offset: number },
): Promise<WithdrawalPage> {
  let query = db.selectFrom('withdrawals').where('user_id', '=', memberId);
  if (status) query = query.where('status', '=', status);
  const [rows, count] = await Promise.all([
    query
      .selectAll()
      .orderBy('requested_at', 'desc')
      .orderBy('id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    query.select(sql<string>`count(*)::text`.as('total')).executeTakeFirst(),
  ]);
  return { rows, total: Number(count?.total ?? 0) };
}

export function findWithdrawal(db: Kysely<Database>, id: string): Promise<WithdrawalRow | undefined> {
  return db.selectFrom('withdrawals').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Locks the withdrawal until the transaction ends: one decision at a time. */
export function lockWithdrawal(db: Kysely<Database>, id: string): Promise<WithdrawalRow | undefined> {
  return db.selectFrom('withdrawals').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export function recordDecision(
  db: Kysely<Database>,
  id: string,
  decision: { status: WithdrawalDecision; reason: string | null; transactionHash: string | null; by: string; at: Date },
): Promise<WithdrawalRow> {
  return db
    .updateTable('withdrawals')
    .set({
      status: decision.status,
      reason: decision.reason,
      transaction_hash: decision.transactionHash,
      processed_at: decision.at,
      processed_by: decision.by,
    })
    .where('id', '=', id)
    .where('status', '=', 'PENDING')
    .returningAll()
    .executeTakeFirstOrThrow();
}

export interface AdminWithdrawalRow extends WithdrawalRow {
  member_first_name: string;
  member_last_name: string;
  member_email: string;
  member_user_number: string;
}

const adminOrderings = {
  '-createdAt': sql`w.requested_at DESC, w.id DESC`,
  createdAt: sql`w.requested_at ASC, w.id ASC`,
  '-amount': sql`w.amount DESC, w.id DESC`,
  amount: sql`w.amount ASC, w.id ASC`,
} as const;

export interface ReviewFilters {
  search?: string;
  status?: WithdrawalStatus;
  memberId?: string;
}

export const reviewWhere = (filters: ReviewFilters) => sql`
    WHERE true
    ${filters.status ? sql`AND w.status = ${filters.status}` : sql``}
    ${filters.memberId ? sql`AND w.user_id = ${filters.memberId}` : sql``}
    ${
      filters.search
        ? sql`AND (${memberMatches('u', filters.search)} OR w.wallet_address ILIKE ${likeSubstring(filters.search)})`
        : sql``
    }`;

/** A page of withdrawals with their members, optionally by status, member and a search of name, e-mail, user ID or wallet. */
export async function findWithdrawalsForReview(
  db: Kysely<Database>,
  filters: ReviewFilters,
  sort: keyof typeof adminOrderings,
  page: { limit: number; offset: number },
): Promise<AdminWithdrawalRow[]> {
  const { rows } = await sql<AdminWithdrawalRow>`
    SELECT w.*, u.first_name AS member_first_name, u.last_name AS member_last_name, u.email AS member_email,
           u.user_id AS member_user_number
      FROM withdrawals w JOIN users u ON u.id = w.user_id
     ${reviewWhere(filters)}
     ORDER BY ${adminOrderings[sort]}
     LIMIT ${page.limit} OFFSET ${page.offset}`.execute(db);
  return rows;
}

/** How many withdrawals the filters match (without filters, read the per-status totals instead). */
export async function countWithdrawalsForReview(db: Kysely<Database>, filters: ReviewFilters): Promise<number> {
  const { rows } = await sql<{ total: string }>`
    SELECT count(*)::text AS total FROM withdrawals w JOIN users u ON u.id = w.user_id ${reviewWhere(filters)}`.execute(
    db,
  );
  return Number(rows[0]?.total ?? 0);
}

export interface WithdrawalTotals {
  status: WithdrawalStatus;
  withdrawals: string;
  amount: string;
}

/** Count and amount per status (four rows kept by the writers: no scan of the withdrawals). */
export function findWithdrawalTotals(db: Kysely<Database>): Promise<WithdrawalTotals[]> {
  return db.selectFrom('withdrawal_totals').selectAll().execute() as Promise<WithdrawalTotals[]>;
}

export async function findWithdrawalForReview(
  db: Kysely<Database>,
  id: string,
): Promise<AdminWithdrawalRow | undefined> {
  const { rows } = await sql<AdminWithdrawalRow>`
    SELECT w.*, u.first_name AS member_first_name, u.last_name AS member_last_name, u.email AS member_email,
           u.user_id AS member_user_number
      FROM withdrawals w JOIN users u ON u.id = w.user_id
     WHERE w.id = ${id}`.execute(db);
  return rows[0];
}
