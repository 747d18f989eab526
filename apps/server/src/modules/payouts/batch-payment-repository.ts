import type { AdminRole, AdminStatus } from '@uplink/contract/admin-roles';
import { csvAirdropTransfersPerPart, type PayoutExportFormat } from '@uplink/contract/payout-batches';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';

// A batch's payment (migration 0141): the claim its first export, its proposal to the Safe or the
// demo treasury's payment takes on its withdrawals, the parts of its files, the exports the
// four-eyes window adds up, the demo treasury's transactions and the release. The batch itself —
// its creation, summaries, lines and approval — is in payout-batches-repository.ts.

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

/**
 * Whether the batch's files were downloaded in its payment under way (false without one): Safe
 * then pays it from those files, so it is not proposed as well.
 */
export async function filesDownloadedInPayment(db: Kysely<Database>, batchId: string): Promise<boolean> {
  const { rows } = await sql<{ exported: boolean }>`
    SELECT EXISTS (SELECT 1 FROM audit_log a JOIN payout_batches b ON b.id = a.target_id::uuid
                    WHERE a.action = 'PAYOUT_BATCH_EXPORTED' AND a.target_type = 'PAYOUT_BATCH'
                      AND a.target_id = ${batchId} AND a.created_at >= b.payment_claimed_at) AS exported`.execute(db);
  return rows[0]?.exported ?? false;
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
