import type { AdminRole, AdminStatus } from '@uplink/contract/admin-roles';
import { csvAirdropTransfersPerPart, type PayoutExportFormat } from '@uplink/contract/payout-batches';
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

// A batch's payment (migration 0141): the claim its first export or the demo treasury's payment
// takes on its withdrawals, the parts of its files, the exports the four-eyes window adds up, the
// demo treasury's transactions and the release.

export interface BatchClaim {
  by: string;
  at: Date;
  /** The chain head just before the claim (null without a chain). */
  block: number | null;
}

/**
 * Locks the withdrawals of the batch still to pay (pending, in the batch; FOR UPDATE in id order,
 * the order a decision's lock comes in): their ids, and those a payment of their own already claims.
 */
export async function lockLinesToPay(
  trx: Kysely<Database>,
  batchId: string,
): Promise<{ ids: string[]; claimedElsewhere: string[] }> {
  const { rows } = await sql<{ id: string; claimed: boolean }>`
    SELECT w.id, w.payment_claimed_at IS NOT NULL AS claimed
      FROM payout_batch_withdrawals l JOIN withdrawals w ON w.id = l.withdrawal_id
     WHERE l.batch_id = ${batchId} AND l.left_at IS NULL AND w.status = 'PENDING'
     ORDER BY w.id
       FOR UPDATE OF w`.execute(trx);
  return { ids: rows.map((row) => row.id), claimedElsewhere: rows.filter((row) => row.claimed).map((row) => row.id) };
}

/**
 * Claims the batch's withdrawals still to pay (locked by `lockLinesToPay`) with the payment claim
 * a single payment takes, naming the batch, and numbers them 1, 2, … in the batch's order: the
 * transfers of the payment, whose ranges are the files' parts. Resolves how many and their sum.
 */
export async function claimLinesToPay(
  trx: Kysely<Database>,
  batchId: string,
  claim: BatchClaim,
): Promise<{ claimed: number; total: string }> {
  const { rows } = await sql<{ claimed: number; total: string }>`
    WITH numbered AS (
      SELECT l.withdrawal_id, row_number() OVER (ORDER BY l.position) AS n
        FROM payout_batch_withdrawals l JOIN withdrawals w ON w.id = l.withdrawal_id
       WHERE l.batch_id = ${batchId} AND l.left_at IS NULL AND w.status = 'PENDING'
    ), positioned AS (
      UPDATE payout_batch_withdrawals l SET claim_position = n.n
        FROM numbered n
       WHERE l.batch_id = ${batchId} AND l.withdrawal_id = n.withdrawal_id
      RETURNING l.withdrawal_id
    ), claimed AS (
      UPDATE withdrawals w
         SET payment_claimed_at = ${claim.at}, payment_claimed_by = ${claim.by}, payment_claim_block = ${claim.block},
             payment_claim_hash = NULL, payment_claim_batch = ${batchId}
        FROM positioned p
       WHERE w.id = p.withdrawal_id
      RETURNING w.amount
    )
    SELECT count(*)::int AS claimed, coalesce(sum(amount), 0)::text AS total FROM claimed`.execute(trx);
  return rows[0] as { claimed: number; total: string };
}

export async function markBatchClaimed(trx: Kysely<Database>, batchId: string, claim: BatchClaim): Promise<void> {
  await trx
    .updateTable('payout_batches')
    .set({ payment_claimed_at: claim.at, payment_claimed_by: claim.by, payment_claim_block: claim.block })
    .where('id', '=', batchId)
    .execute();
}

export interface AdministratorStanding {
  is_admin: boolean;
  admin_role: AdminRole | null;
  admin_status: AdminStatus | null;
}

/** Whether a user is an administrator now, of which role, active or not (undefined when gone). */
export function findAdministratorStanding(
  db: Kysely<Database>,
  userId: string,
): Promise<AdministratorStanding | undefined> {
  return db
    .selectFrom('users')
    .select(['is_admin', 'admin_role', 'admin_status'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

/** Whether the administrator exported the batch since `since` (the start of its payment). */
export async function hasExportedSince(
  db: Kysely<Database>,
  batchId: string,
  administratorId: string,
  since: Date,
): Promise<boolean> {
  const row = await db
    .selectFrom('payout_batch_exports')
    .select('batch_id')
    .where('batch_id', '=', batchId)
    .where('exported_by', '=', administratorId)
    .where('exported_at', '>=', since)
    .executeTakeFirst();
  return row !== undefined;
}

/** The administrator's first export of the batch in its payment (a new payment after a release starts over). */
export async function recordExport(
  trx: Kysely<Database>,
  exported: { batchId: string; by: string; at: Date; total: string },
): Promise<void> {
  await trx
    .insertInto('payout_batch_exports')
    .values({ batch_id: exported.batchId, exported_by: exported.by, exported_at: exported.at, total: exported.total })
    .onConflict((conflict) =>
      conflict.columns(['batch_id', 'exported_by']).doUpdateSet({ exported_at: exported.at, total: exported.total }),
    )
    .execute();
}

/** Every administrator who exported the batch (or paid it from the demo treasury), ever. */
export async function findExporters(db: Kysely<Database>, batchId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('payout_batch_exports')
    .select('exported_by')
    .where('batch_id', '=', batchId)
    .execute();
  return rows.map((row) => row.exported_by);
}

/** Transfers per part of each format: Safe's CSV Airdrop limit, and one Safe transaction's. */
export const transfersPerPart = (format: PayoutExportFormat, perTransaction: number) =>
  format === 'safe-csv' ? csvAirdropTransfersPerPart : perTransaction;

export interface BatchPartRow {
  format: PayoutExportFormat;
  part: number;
  count: number;
  total: string;
  paid: number;
}

/**
 * The parts of the batch's files in both formats. Under way: the ranges of the payment's
 * transfers (`claim_position`), paid since or not. Otherwise what the first export would claim:
 * the withdrawals still to pay, in the batch's order.
 */
export async function findBatchParts(
  db: Kysely<Database>,
  batchId: string,
  perTransaction: number,
): Promise<BatchPartRow[]> {
  const { rows } = await sql<BatchPartRow>`
    WITH transfers AS (
      SELECT w.amount, w.status,
             CASE WHEN b.payment_claimed_at IS NULL THEN row_number() OVER (ORDER BY l.position)
                  ELSE l.claim_position END AS n
        FROM payout_batches b
        JOIN payout_batch_withdrawals l ON l.batch_id = b.id
        JOIN withdrawals w ON w.id = l.withdrawal_id
       WHERE b.id = ${batchId}
         AND CASE WHEN b.payment_claimed_at IS NULL
                  THEN l.left_at IS NULL AND w.status = 'PENDING' AND w.payment_claimed_at IS NULL
                  ELSE l.claim_position IS NOT NULL END
    )
    SELECT f.format, ((t.n - 1) / f.size + 1)::int AS part, count(*)::int AS count, sum(t.amount)::text AS total,
           (count(*) FILTER (WHERE t.status = 'APPROVED'))::int AS paid
      FROM transfers t
     CROSS JOIN (VALUES ('safe-csv', ${csvAirdropTransfersPerPart}::int), ('safe-json', ${perTransaction}::int)) AS f(format, size)
     GROUP BY f.format, part
     ORDER BY f.format, part`.execute(db);
  return rows;
}

/** How many transfers the payment under way claimed (its last `claim_position`). */
export async function countClaimedTransfers(db: Kysely<Database>, batchId: string): Promise<number> {
  const row = await db
    .selectFrom('payout_batch_withdrawals')
    .select((eb) => eb.fn.max('claim_position').as('last'))
    .where('batch_id', '=', batchId)
    .executeTakeFirst();
  return Number(row?.last ?? 0);
}

export interface PartLineRow {
  withdrawal_id: string;
  amount: string;
  wallet_address: string;
}

/**
 * The transfers `from`..`to` of the payment under way that are still to pay (pending, claimed by
 * the batch), in order. The part's lines first, then their withdrawals by primary key: a join
 * would let a planner without fresh statistics (a batch of 10,000 just written) scan the batch's
 * claimed withdrawals once per line.
 */
export async function findPartLinesToPay(
  db: Kysely<Database>,
  batchId: string,
  range: { from: number; to: number },
): Promise<PartLineRow[]> {
  const positions = await db
    .selectFrom('payout_batch_withdrawals')
    .select(['withdrawal_id', 'claim_position'])
    .where('batch_id', '=', batchId)
    .where('claim_position', '>=', range.from)
    .where('claim_position', '<=', range.to)
    .execute();
  if (positions.length === 0) return [];
  const rows = await db
    .selectFrom('withdrawals')
    .select(['id as withdrawal_id', sql<string>`amount::text`.as('amount'), 'wallet_address'])
    .where('id', '=', sql<string>`ANY(${positions.map((line) => line.withdrawal_id)}::uuid[])`)
    .where('status', '=', 'PENDING')
    .where('payment_claim_batch', '=', batchId)
    .execute();
  const positionOf = new Map(positions.map((line) => [line.withdrawal_id, line.claim_position as number]));
  return rows.sort((a, b) => (positionOf.get(a.withdrawal_id) ?? 0) - (positionOf.get(b.withdrawal_id) ?? 0));
}

/** The claimed withdrawals still to pay, all of them: wallet and amount (what a release looks for on chain). */
export async function findClaimedLinesToPay(db: Kysely<Database>, batchId: string): Promise<PartLineRow[]> {
  const { rows } = await sql<PartLineRow>`
    SELECT w.id AS withdrawal_id, w.amount::text AS amount, w.wallet_address
      FROM withdrawals w
     WHERE w.payment_claim_batch = ${batchId} AND w.status = 'PENDING'`.execute(db);
  return rows;
}

export interface DemoPaymentRow {
  part: number;
  lines: number;
  started_at: Date;
  transaction_hash: string | null;
}

export function findDemoPayments(db: Kysely<Database>, batchId: string): Promise<DemoPaymentRow[]> {
  return db
    .selectFrom('payout_batch_demo_payments')
    .select(['part', 'lines', 'started_at', 'transaction_hash'])
    .where('batch_id', '=', batchId)
    .orderBy('part')
    .execute();
}

/** The demo treasury's transactions to send, one per part, before anything is sent. */
export async function insertDemoPayments(
  trx: Kysely<Database>,
  batchId: string,
  parts: readonly { part: number; lines: number }[],
  at: Date,
): Promise<void> {
  await trx
    .insertInto('payout_batch_demo_payments')
    .values(parts.map((part) => ({ batch_id: batchId, part: part.part, lines: part.lines, started_at: at })))
    .execute();
}

/**
 * Names a part's transaction once sent, and how many withdrawals it pays: on the demo payment, and
 * on the claims of those withdrawals (as a single payment's claim carries its hash).
 */
export async function recordDemoPaymentHash(
  db: Kysely<Database>,
  batchId: string,
  part: { part: number; withdrawalIds: readonly string[] },
  transactionHash: string,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('payout_batch_demo_payments')
      .set({ transaction_hash: transactionHash, lines: part.withdrawalIds.length })
      .where('batch_id', '=', batchId)
      .where('part', '=', part.part)
      .execute();
    await trx
      .updateTable('withdrawals')
      .set({ payment_claim_hash: transactionHash })
      .where('payment_claim_batch', '=', batchId)
      .where('id', 'in', part.withdrawalIds)
      .execute();
  });
}

/**
 * Gives up the batch's payment: its withdrawals' claims end (pending, in the batch again, to be
 * paid, rejected or batched anew), the transfers' numbering and the demo payments go. Resolves
 * how many claims ended and their sum.
 */
export async function releaseBatchClaims(
  trx: Kysely<Database>,
  batchId: string,
): Promise<{ released: number; total: string }> {
  const { rows } = await sql<{ released: number; total: string }>`
    WITH released AS (
      UPDATE withdrawals
         SET payment_claimed_at = NULL, payment_claimed_by = NULL, payment_claim_block = NULL,
             payment_claim_hash = NULL, payment_claim_batch = NULL
       WHERE payment_claim_batch = ${batchId}
      RETURNING amount
    )
    SELECT count(*)::int AS released, coalesce(sum(amount), 0)::text AS total FROM released`.execute(trx);
  await trx
    .updateTable('payout_batch_withdrawals')
    .set({ claim_position: null })
    .where('batch_id', '=', batchId)
    .execute();
  await trx
    .updateTable('payout_batches')
    .set({ payment_claimed_at: null, payment_claimed_by: null, payment_claim_block: null })
    .where('id', '=', batchId)
    .execute();
  await trx.deleteFrom('payout_batch_demo_payments').where('batch_id', '=', batchId).execute();
  return rows[0] as { released: number; total: string };
}
