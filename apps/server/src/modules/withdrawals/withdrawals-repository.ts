import type { WithdrawalDecision, WithdrawalStatus } from '@uplink/contract/withdrawals';
import { type Kysely, sql } from 'kysely';
import { violatedConstraint } from '../../db/constraint-violations';
import type { PageWindow } from '../../db/list-page';
import { type MemberSummaryRow, memberSummaryColumns } from '../../db/member-summary';
import type { Database, WithdrawalRow } from '../../db/schema';
import { paymentSeenOnChainOf } from './payment-seen';
import { type ReviewFilters, reviewWhere } from './review-filters';

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

/** A pending withdrawal goes to this address, in any letter case (as `withdrawals_wallet_pending` compares). */
export async function isWalletInPendingWithdrawal(db: Kysely<Database>, walletAddress: string): Promise<boolean> {
  const row = await db
    .selectFrom('withdrawals')
    .select('id')
    .where(sql<string>`lower(wallet_address)`, '=', walletAddress.toLowerCase())
    .where('status', '=', 'PENDING')
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** The log indexes of a transaction that already prove a withdrawal's payment. */
export async function findRecordedPaymentLogs(db: Kysely<Database>, transactionHash: string): Promise<Set<number>> {
  const rows = await db
    .selectFrom('withdrawals')
    .select('transaction_log_index')
    .where('transaction_hash', '=', transactionHash)
    .where('transaction_log_index', 'is not', null)
    .execute();
  return new Set(rows.map((row) => row.transaction_log_index as number));
}

/** The database refused a second pending withdrawal to the same wallet address. */
export const isWalletInUse = (error: unknown) => violatedConstraint(error) === 'withdrawals_wallet_pending';
/**
 * The database refused a payment that already proves another withdrawal: the same transfer log
 * (hash and log index), or the same hash where the log was not located (payouts not verified).
 */
export const isTransactionUsed = (error: unknown) => {
  const constraint = violatedConstraint(error);
  return constraint === 'withdrawals_payment_once' || constraint === 'withdrawals_unlocated_payment_once';
};

export interface WithdrawalPage {
  rows: WithdrawalRow[];
  total: number;
}

/** A page of one member's withdrawals, newest first. */
export async function findMemberWithdrawals(
  db: Kysely<Database>,
  memberId: string,
  status: WithdrawalStatus | undefined,
  page: PageWindow,
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

/** A decision to write on a pending withdrawal (its row locked by the caller). */
export interface DecisionRow {
  id: string;
  status: WithdrawalDecision;
  reason: string | null;
  internalNote: string | null;
  transactionHash: string | null;
  /** The payment's `Transfer` log in its transaction, where it was located. */
  transactionLogIndex: number | null;
}

/**
 * Writes decisions on pending withdrawals in one statement, each ending its payment claim; the
 * decided rows (a withdrawal no longer pending is left as it is, and missing from the answer).
 */
export async function recordDecisions(
  db: Kysely<Database>,
  decisions: readonly DecisionRow[],
  /** The administrator; null for the treasury reconciliation. */
  by: string | null,
  at: Date,
): Promise<WithdrawalRow[]> {
  if (decisions.length === 0) return [];
  const column = <K extends keyof DecisionRow>(key: K) => decisions.map((decision) => decision[key]);
  const { rows } = await sql<WithdrawalRow>`
    UPDATE withdrawals w
       SET status = d.status, reason = d.reason, internal_note = d.internal_note,
           transaction_hash = d.transaction_hash, transaction_log_index = d.log_index,
           processed_at = ${at}, processed_by = ${by}::uuid,
           payment_claimed_at = NULL, payment_claimed_by = NULL, payment_claim_block = NULL,
           payment_claim_hash = NULL, payment_claim_batch = NULL
      FROM unnest(${column('id')}::uuid[], ${column('status')}::text[], ${column('reason')}::text[],
                  ${column('internalNote')}::text[], ${column('transactionHash')}::text[],
                  ${column('transactionLogIndex')}::int[])
           AS d(id, status, reason, internal_note, transaction_hash, log_index)
     WHERE w.id = d.id AND w.status = 'PENDING'
    RETURNING w.*`.execute(db);
  return rows;
}

/** Names and addresses of members to tell of decisions, by id. */
export async function findMembersToTell(
  db: Kysely<Database>,
  memberIds: readonly string[],
): Promise<Map<string, { email: string; firstName: string }>> {
  const rows = await db
    .selectFrom('users')
    .select(['id', 'email', 'first_name'])
    .where('id', 'in', [...new Set(memberIds)])
    .execute();
  return new Map(rows.map((row) => [row.id, { email: row.email, firstName: row.first_name }]));
}

export interface NewPaymentClaim {
  by: string;
  at: Date;
  /** The chain head when the claim is taken (null without a chain). */
  block: number | null;
  transactionHash: string | null;
}

/** Claims a pending, unclaimed withdrawal for a payment; undefined when it is not (any more). */
export function claimPayment(
  db: Kysely<Database>,
  id: string,
  claim: NewPaymentClaim,
): Promise<WithdrawalRow | undefined> {
  return db
    .updateTable('withdrawals')
    .set({
      payment_claimed_at: claim.at,
      payment_claimed_by: claim.by,
      payment_claim_block: claim.block,
      payment_claim_hash: claim.transactionHash,
    })
    .where('id', '=', id)
    .where('status', '=', 'PENDING')
    .where('payment_claimed_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
}

/** Names the payment of the claim taken at `claimedAt` (the treasury's, once sent; one found on chain). */
export async function recordClaimedPayment(
  db: Kysely<Database>,
  id: string,
  claimedAt: Date,
  transactionHash: string,
): Promise<void> {
  await db
    .updateTable('withdrawals')
    .set({ payment_claim_hash: transactionHash })
    .where('id', '=', id)
    .where('payment_claimed_at', '=', claimedAt)
    .execute();
}

/** Ends the claim taken at `claimedAt`; false when it is no longer that claim. */
export async function releaseClaim(db: Kysely<Database>, id: string, claimedAt: Date): Promise<boolean> {
  const row = await db
    .updateTable('withdrawals')
    .set({
      payment_claimed_at: null,
      payment_claimed_by: null,
      payment_claim_block: null,
      payment_claim_hash: null,
      payment_claim_batch: null,
    })
    .where('id', '=', id)
    .where('payment_claimed_at', '=', claimedAt)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Payments of closed withdrawals the treasury reconciliation read on chain, kept once per withdrawal and hash. */
export interface FlaggedPayment {
  withdrawal: Pick<WithdrawalRow, 'id' | 'status'>;
  transactionHash: string;
}

/** Keeps payments seen for closed withdrawals; resolves those flagged now (not before). */
export async function flagPayments(
  db: Kysely<Database>,
  payments: readonly FlaggedPayment[],
  at: Date,
): Promise<FlaggedPayment[]> {
  if (payments.length === 0) return [];
  const rows = await db
    .insertInto('withdrawal_flagged_payments')
    .values(
      payments.map((payment) => ({
        withdrawal_id: payment.withdrawal.id,
        transaction_hash: payment.transactionHash,
        withdrawal_status: payment.withdrawal.status,
        recorded_by: null,
        recorded_at: at,
      })),
    )
    .onConflict((conflict) => conflict.columns(['withdrawal_id', 'transaction_hash']).doNothing())
    .returning(['withdrawal_id', 'transaction_hash'])
    .execute();
  const fresh = new Set(rows.map((row) => `${row.withdrawal_id}:${row.transaction_hash}`));
  return payments.filter((payment) => fresh.has(`${payment.withdrawal.id}:${payment.transactionHash}`));
}

export interface FlaggedPaymentRow {
  transaction_hash: string;
  withdrawal_status: WithdrawalStatus;
  recorded_at: Date;
  recorded_by_email: string;
}

export function findFlaggedPayments(db: Kysely<Database>, withdrawalId: string): Promise<FlaggedPaymentRow[]> {
  return db
    .selectFrom('withdrawal_flagged_payments as f')
    .leftJoin('users as u', 'u.id', 'f.recorded_by')
    .select([
      'f.transaction_hash',
      'f.withdrawal_status',
      'f.recorded_at',
      sql<string>`coalesce(u.email, 'the treasury reconciliation')`.as('recorded_by_email'),
    ])
    .where('f.withdrawal_id', '=', withdrawalId)
    .orderBy('f.recorded_at')
    .execute();
}

export interface AdminWithdrawalRow extends WithdrawalRow, MemberSummaryRow {
  /** The e-mail of the administrator whose payment claim stands, if any. */
  payment_claimed_by_email?: string | null;
  /** Whether a line of an open payout batch holds it. */
  in_open_batch: boolean;
  /** The transaction paying it seen on chain (`paymentSeenOf`), if any. */
  payment_seen_in: string | null;
}

/** What keeps a withdrawal out of another batch: a line of an open batch, a payment seen on chain. */
const batchAndSeenColumns = sql`
  EXISTS (SELECT 1 FROM payout_batch_withdrawals l WHERE l.withdrawal_id = w.id AND l.left_at IS NULL) AS in_open_batch,
  CASE WHEN w.status = 'PENDING' THEN ${paymentSeenOnChainOf(sql.ref('w'))} END AS payment_seen_in`;

const adminOrderings = {
  '-createdAt': sql`w.requested_at DESC, w.id DESC`,
  createdAt: sql`w.requested_at ASC, w.id ASC`,
  '-amount': sql`w.amount DESC, w.id DESC`,
  amount: sql`w.amount ASC, w.id ASC`,
} as const;

/** A page of withdrawals with their members, optionally by status, member and a search of name, e-mail, user ID or wallet. */
export async function findWithdrawalsForReview(
  db: Kysely<Database>,
  filters: ReviewFilters,
  sort: keyof typeof adminOrderings,
  page: PageWindow,
): Promise<AdminWithdrawalRow[]> {
  const { rows } = await sql<AdminWithdrawalRow>`
    SELECT w.*, ${memberSummaryColumns('u')}, ${batchAndSeenColumns}
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

/** Count and amount per status, summed over the slots the writers keep (no scan of the withdrawals). */
export async function findWithdrawalTotals(db: Kysely<Database>): Promise<WithdrawalTotals[]> {
  const { rows } = await sql<WithdrawalTotals>`
    SELECT status, sum(withdrawals)::text AS withdrawals, sum(amount)::text AS amount
      FROM withdrawal_totals GROUP BY status`.execute(db);
  return rows;
}

export interface WithdrawalReviewRow extends AdminWithdrawalRow {
  /** The deciding administrator's name; null while pending or when the reconciliation decided. */
  processed_by_first_name: string | null;
  processed_by_last_name: string | null;
}

export async function findWithdrawalForReview(
  db: Kysely<Database>,
  id: string,
): Promise<WithdrawalReviewRow | undefined> {
  const { rows } = await sql<WithdrawalReviewRow>`
    SELECT w.*, ${memberSummaryColumns('u')}, ${batchAndSeenColumns}, c.email AS payment_claimed_by_email,
           p.first_name AS processed_by_first_name, p.last_name AS processed_by_last_name
      FROM withdrawals w JOIN users u ON u.id = w.user_id
      LEFT JOIN users c ON c.id = w.payment_claimed_by
      LEFT JOIN users p ON p.id = w.processed_by
     WHERE w.id = ${id}`.execute(db);
  return rows[0];
}

/** Whether the address (in lower case) has received payouts for an account other than `memberId`. */
export async function hasPayoutsToAnotherMember(
  db: Kysely<Database>,
  address: string,
  memberId: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('withdrawals')
    .select('id')
    .where(sql<string>`lower(wallet_address)`, '=', address)
    .where('status', '=', 'APPROVED')
    .where('user_id', '<>', memberId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
