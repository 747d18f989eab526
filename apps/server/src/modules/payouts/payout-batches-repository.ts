import type { AdminRole, AdminStatus } from '@uplink/contract/admin-roles';
import type { WithdrawalStatus } from '@uplink/contract/withdrawals';
import { type Kysely, sql } from 'kysely';
import type { PageWindow } from '../../db/list-page';
import { type MemberSummaryRow, memberSummaryColumns } from '../../db/member-summary';
import type { Database } from '../../db/schema';
import { paymentSeenOf } from '../withdrawals/payment-seen';
import { type ReviewFilters, reviewWhere } from '../withdrawals/review-filters';

/** Why a requested withdrawal cannot join a batch. */
export type BatchRefusal =
  | 'WITHDRAWAL_NOT_FOUND'
  | 'WITHDRAWAL_ALREADY_PROCESSED'
  | 'WITHDRAWAL_ALREADY_BATCHED'
  | 'WITHDRAWAL_PAYMENT_IN_PROGRESS'
  | 'WITHDRAWAL_PAYMENT_SEEN';

export interface RefusedWithdrawal {
  withdrawal_id: string;
  refusal: BatchRefusal;
  /** The transaction that pays it, seen on chain (WITHDRAWAL_PAYMENT_SEEN). */
  seen_in: string | null;
}

/**
 * Locks the requested withdrawals that exist (FOR SHARE, in id order, the order every batch
 * creation takes them in), so none is decided until the batch's transaction ends: a rejection
 * waits and then finds the withdrawal's line to take out.
 */
export async function lockRequestedWithdrawals(trx: Kysely<Database>, ids: readonly string[]): Promise<void> {
  // count(*) reads — and so locks — every row of the subquery.
  await sql`
    SELECT count(*) FROM (SELECT id FROM withdrawals WHERE id = ANY(${ids}::uuid[]) ORDER BY id FOR SHARE) AS locked`.execute(
    trx,
  );
}

/** The requested withdrawals that cannot join a batch (once locked), and why, in the order asked. */
export async function findRefusedWithdrawals(
  trx: Kysely<Database>,
  ids: readonly string[],
): Promise<RefusedWithdrawal[]> {
  const { rows } = await sql<RefusedWithdrawal>`
    SELECT r.id::text AS withdrawal_id,
           CASE WHEN w.id IS NULL THEN 'WITHDRAWAL_NOT_FOUND'
                WHEN w.status <> 'PENDING' THEN 'WITHDRAWAL_ALREADY_PROCESSED'
                WHEN batched THEN 'WITHDRAWAL_ALREADY_BATCHED'
                WHEN w.payment_claimed_at IS NOT NULL THEN 'WITHDRAWAL_PAYMENT_IN_PROGRESS'
                ELSE 'WITHDRAWAL_PAYMENT_SEEN' END AS refusal,
           seen.seen_in
      FROM unnest(${ids}::uuid[]) WITH ORDINALITY AS r(id, requested)
      LEFT JOIN withdrawals w ON w.id = r.id
     CROSS JOIN LATERAL (
       SELECT EXISTS (SELECT 1 FROM payout_batch_withdrawals l WHERE l.withdrawal_id = r.id AND l.left_at IS NULL) AS batched
     ) AS b
     CROSS JOIN LATERAL (SELECT CASE WHEN w.status = 'PENDING' THEN ${paymentSeenOf(sql.ref('w'))} END AS seen_in) AS seen
     WHERE w.id IS NULL OR w.status <> 'PENDING' OR batched OR w.payment_claimed_at IS NOT NULL
        OR seen.seen_in IS NOT NULL
     ORDER BY r.requested`.execute(trx);
  return rows;
}

const unbatchedPending = (filters: Pick<ReviewFilters, 'search'>) => sql`
    FROM withdrawals w JOIN users u ON u.id = w.user_id
    ${reviewWhere({ ...filters, status: 'PENDING' })}
      AND w.payment_claimed_at IS NULL
      AND NOT EXISTS (SELECT 1 FROM payout_batch_withdrawals l WHERE l.withdrawal_id = w.id AND l.left_at IS NULL)
      AND ${paymentSeenOf(sql.ref('w'))} IS NULL`;

/** How many pending withdrawals in no open batch and with no payment seen the admin list's filters match, counting up to `atMost`. */
export async function countFilteredWithdrawals(
  db: Kysely<Database>,
  filters: Pick<ReviewFilters, 'search'>,
  atMost: number,
): Promise<number> {
  const { rows } = await sql<{ matching: number }>`
    SELECT count(*)::int AS matching FROM (SELECT 1 ${unbatchedPending(filters)} LIMIT ${atMost}) AS matched`.execute(
    db,
  );
  return rows[0]?.matching ?? 0;
}

/** Locks (FOR SHARE, in id order) the pending withdrawals in no open batch the admin list's filters match; resolves their ids. */
export async function lockFilteredWithdrawals(
  trx: Kysely<Database>,
  filters: Pick<ReviewFilters, 'search'>,
  limit: number,
): Promise<string[]> {
  const { rows } = await sql<{ id: string }>`
    SELECT w.id ${unbatchedPending(filters)} ORDER BY w.id LIMIT ${limit} FOR SHARE OF w`.execute(trx);
  return rows.map((row) => row.id);
}

export async function insertBatch(
  trx: Kysely<Database>,
  batch: { id: string; createdBy: string; createdAt: Date },
): Promise<void> {
  await trx
    .insertInto('payout_batches')
    .values({ id: batch.id, created_by: batch.createdBy, created_at: batch.createdAt })
    .execute();
}

export interface InsertedLines {
  lines: number;
  total: string;
  /** Requested withdrawals that got no line: another batch took them meanwhile. */
  taken: string[];
}

/**
 * The batch's lines, one statement: numbered oldest request first (the export files' order). The
 * partial unique index `payout_batch_withdrawals_open` decides between batches created at the same
 * time: a withdrawal another batch holds gets no line here and is named in `taken`.
 */
export async function insertLines(
  trx: Kysely<Database>,
  batchId: string,
  ids: readonly string[],
): Promise<InsertedLines> {
  const { rows } = await sql<InsertedLines>`
    WITH inserted AS (
      INSERT INTO payout_batch_withdrawals (batch_id, withdrawal_id, position)
      SELECT ${batchId}, w.id, row_number() OVER (ORDER BY w.requested_at, w.id)
        FROM withdrawals w WHERE w.id = ANY(${ids}::uuid[])
          ON CONFLICT (withdrawal_id) WHERE left_at IS NULL DO NOTHING
      RETURNING withdrawal_id
    )
    SELECT (SELECT count(*) FROM inserted)::int AS lines,
           (SELECT coalesce(sum(w.amount), 0) FROM inserted i JOIN withdrawals w ON w.id = i.withdrawal_id)::text AS total,
           ARRAY(SELECT r.id::text FROM unnest(${ids}::uuid[]) AS r(id)
                  WHERE r.id NOT IN (SELECT withdrawal_id FROM inserted)) AS taken`.execute(trx);
  return rows[0] as InsertedLines;
}

export interface BatchSummaryRow {
  id: string;
  created_at: Date;
  created_by: string;
  creator_first_name: string;
  creator_last_name: string;
  creator_email: string;
  approved_by: string | null;
  approver_first_name: string | null;
  approver_last_name: string | null;
  approver_email: string | null;
  /** The approver's standing now: an approval counts only while they may approve (`isSecondApprover`). */
  approver_is_admin: boolean | null;
  approver_role: AdminRole | null;
  approver_status: AdminStatus | null;
  approved_at: Date | null;
  payment_claimed_at: Date | null;
  payment_claimed_by: string | null;
  payment_claim_block: string | null;
  claimer_first_name: string | null;
  claimer_last_name: string | null;
  claimer_email: string | null;
  /** Lines still in the batch (a rejected or blocked withdrawal has left it). */
  lines: number;
  paid: number;
  total: string;
  paid_amount: string;
  /** The lines the payment under way claimed, paid since or not, and their sum. */
  claimed: number;
  claimed_total: string;
}

/** The batches (already chosen, in order) with their people and the sums of the lines still in them. */
const summaries = (chosen: ReturnType<typeof sql>) => sql<BatchSummaryRow>`
    SELECT b.id, b.created_at, b.created_by, c.first_name AS creator_first_name, c.last_name AS creator_last_name,
           c.email AS creator_email, b.approved_by, a.first_name AS approver_first_name,
           a.last_name AS approver_last_name, a.email AS approver_email, a.is_admin AS approver_is_admin,
           a.admin_role AS approver_role, a.admin_status AS approver_status, b.approved_at,
           b.payment_claimed_at, b.payment_claimed_by, b.payment_claim_block::text AS payment_claim_block,
           p.first_name AS claimer_first_name, p.last_name AS claimer_last_name, p.email AS claimer_email,
           s.lines, s.paid, s.total, s.paid_amount, s.claimed, s.claimed_total
      FROM (${chosen}) AS b
      JOIN users c ON c.id = b.created_by
      LEFT JOIN users a ON a.id = b.approved_by
      LEFT JOIN users p ON p.id = b.payment_claimed_by
     CROSS JOIN LATERAL (
       SELECT count(*)::int AS lines,
              (count(*) FILTER (WHERE w.status = 'APPROVED'))::int AS paid,
              coalesce(sum(w.amount), 0)::text AS total,
              coalesce(sum(w.amount) FILTER (WHERE w.status = 'APPROVED'), 0)::text AS paid_amount,
              (count(*) FILTER (WHERE l.claim_position IS NOT NULL))::int AS claimed,
              coalesce(sum(w.amount) FILTER (WHERE l.claim_position IS NOT NULL), 0)::text AS claimed_total
         FROM payout_batch_withdrawals l JOIN withdrawals w ON w.id = l.withdrawal_id
        WHERE l.batch_id = b.id AND l.left_at IS NULL
     ) AS s
     ORDER BY b.created_at DESC, b.id DESC`;

/** A page of batches, newest first. */
export async function findBatchSummaries(db: Kysely<Database>, page: PageWindow): Promise<BatchSummaryRow[]> {
  const { rows } = await summaries(
    sql`SELECT * FROM payout_batches ORDER BY created_at DESC, id DESC LIMIT ${page.limit} OFFSET ${page.offset}`,
  ).execute(db);
  return rows;
}

export async function countBatches(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('payout_batches')
    .select((eb) => eb.fn.countAll<string>().as('batches'))
    .executeTakeFirstOrThrow();
  return Number(row.batches);
}

export async function findBatchSummary(db: Kysely<Database>, id: string): Promise<BatchSummaryRow | undefined> {
  const { rows } = await summaries(sql`SELECT * FROM payout_batches WHERE id = ${id}`).execute(db);
  return rows[0];
}

export interface BatchLineRow extends MemberSummaryRow {
  position: number;
  withdrawal_id: string;
  amount: string;
  wallet_address: string;
  status: WithdrawalStatus;
  transaction_hash: string | null;
  transaction_log_index: number | null;
}

/** A page of the lines still in the batch, in their order. */
export async function findBatchLines(db: Kysely<Database>, batchId: string, page: PageWindow): Promise<BatchLineRow[]> {
  const { rows } = await sql<BatchLineRow>`
    SELECT l.position, w.id AS withdrawal_id, ${memberSummaryColumns('u')}, w.amount, w.wallet_address, w.status, w.transaction_hash, w.transaction_log_index
      FROM payout_batch_withdrawals l
      JOIN withdrawals w ON w.id = l.withdrawal_id
      JOIN users u ON u.id = w.user_id
     WHERE l.batch_id = ${batchId} AND l.left_at IS NULL
     ORDER BY l.position
     LIMIT ${page.limit} OFFSET ${page.offset}`.execute(db);
  return rows;
}

/** Locks the batch until the transaction ends: one deletion, approval, payment start or release at a time. */
export function lockBatch(trx: Kysely<Database>, id: string) {
  return trx.selectFrom('payout_batches').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

/**
 * Locks the withdrawals of the batch's lines (FOR SHARE, in id order), so none is approved while
 * the batch is deleted, and resolves how many of them are already approved.
 */
export async function lockLinesCountingPaid(trx: Kysely<Database>, batchId: string): Promise<number> {
  const { rows } = await sql<{ paid: number }>`
    SELECT (count(*) FILTER (WHERE status = 'APPROVED'))::int AS paid
      FROM (SELECT w.status FROM withdrawals w
             WHERE w.id IN (SELECT withdrawal_id FROM payout_batch_withdrawals WHERE batch_id = ${batchId})
             ORDER BY w.id FOR SHARE) AS locked`.execute(trx);
  return rows[0]?.paid ?? 0;
}

/** Deletes the batch and its lines (ON DELETE CASCADE): its withdrawals can be batched again. */
export async function deleteBatch(trx: Kysely<Database>, id: string): Promise<void> {
  await trx.deleteFrom('payout_batches').where('id', '=', id).execute();
}

/** The batch's approval: its first, or a new one in place of one whose approver may no longer approve. */
export async function recordApproval(trx: Kysely<Database>, id: string, by: string, at: Date): Promise<void> {
  await trx.updateTable('payout_batches').set({ approved_by: by, approved_at: at }).where('id', '=', id).execute();
}
