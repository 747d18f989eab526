import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { UsdtTransfer } from '../../chain/deposit-chain';
import type { Database } from '../../db/schema';
import { DomainError } from '../../domain-error';

/**
 * "A payment of this withdrawal is seen": the one home of the rule that a withdrawal the chain
 * already shows paid is never paid again (issue 41). Every path that starts a payment (a batch,
 * a batch's first export or demo payment, a re-download of a part, the single demo payment) and
 * every path that would give the money back (a rejection, a block) asks it, here and nowhere else.
 *
 * Today a payment is seen when a treasury transfer mined but not yet decided by the
 * reconciliation (`treasury_seen_transfers`, 0 confirmations and up) pays the withdrawal: its
 * exact amount to its address (stored lower case). Not when the reconciliation already decided
 * that transfer (`treasury_transfers`: it approved its withdrawal or listed it unmatched), nor
 * when the transfer already proves another withdrawal. A part of the treasury Safe's payment
 * still QUEUED (payout_safe_proposals: proposed in the batch's payment under way, its range of
 * claimed lines holding the withdrawal) is the other way to be seen: executed, its transfers are
 * seen on chain as above. A transaction of the Safe's queue the product never recorded (a
 * proposal whose answer was lost, a file an owner imported) is read from the Transaction Service
 * by the same paths before they lock anything (`safe-queue-payments.ts`) and refused with `paymentSeen`.
 *
 * `withdrawal` names the withdrawals row in the caller's query (`sql.ref('w')`); the expression is
 * the hash of the first such transaction (the safeTxHash of a queued Safe transaction), or NULL.
 */
export function paymentSeenOf(withdrawal: RawBuilder<unknown>): RawBuilder<string | null> {
  return sql<string | null>`COALESCE(${paymentSeenOnChainOf(withdrawal)}, (
    SELECT p.safe_tx_hash FROM payout_safe_proposals p
      JOIN payout_batches b ON b.id = p.batch_id AND p.proposed_at >= b.payment_claimed_at
      JOIN payout_batch_withdrawals l ON l.batch_id = p.batch_id
                                     AND l.claim_position BETWEEN p.first_position AND p.last_position
     WHERE l.withdrawal_id = ${withdrawal}.id AND l.left_at IS NULL AND p.state = 'QUEUED'
     LIMIT 1))`;
}

/**
 * The first branch of `paymentSeenOf` alone: a treasury transfer on chain paying the withdrawal,
 * what the member's and the administrators' views show as "Payment sent", with its transaction.
 */
export function paymentSeenOnChainOf(withdrawal: RawBuilder<unknown>): RawBuilder<string | null> {
  return sql<string | null>`(
    SELECT s.transaction_hash FROM treasury_seen_transfers s
     WHERE s.to_address = lower(${withdrawal}.wallet_address) AND s.amount = ${withdrawal}.amount
       AND NOT EXISTS (SELECT 1 FROM treasury_transfers t
                        WHERE t.transaction_hash = s.transaction_hash AND t.log_index = s.log_index)
       AND NOT EXISTS (SELECT 1 FROM withdrawals o
                        WHERE o.transaction_hash = s.transaction_hash AND o.id <> ${withdrawal}.id)
     ORDER BY s.block_number, s.log_index
     LIMIT 1)`;
}

/** The withdrawals among `ids` whose payment is seen (`paymentSeenOf`), each with that transaction's hash. */
export function findSeenPayments(db: Kysely<Database>, ids: readonly string[]): Promise<Map<string, string>> {
  return findSeen(db, ids, paymentSeenOf);
}

/** The withdrawals among `ids` a treasury transfer on chain pays (`paymentSeenOnChainOf`): the member's views. */
export function findPaymentsSeenOnChain(db: Kysely<Database>, ids: readonly string[]): Promise<Map<string, string>> {
  return findSeen(db, ids, paymentSeenOnChainOf);
}

async function findSeen(
  db: Kysely<Database>,
  ids: readonly string[],
  seenOf: (withdrawal: RawBuilder<unknown>) => RawBuilder<string | null>,
): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const { rows } = await sql<{ id: string; seen_in: string }>`
    SELECT w.id, seen.seen_in
      FROM withdrawals w CROSS JOIN LATERAL (SELECT ${seenOf(sql.ref('w'))} AS seen_in) AS seen
     WHERE w.id = ANY(${ids}::uuid[]) AND seen.seen_in IS NOT NULL`.execute(db);
  return new Map(rows.map((row) => [row.id, row.seen_in]));
}

/** 409 WITHDRAWAL_PAYMENT_SEEN, naming the transaction (and how many more are paid already, if any). */
export function paymentSeen(seen: ReadonlyMap<string, string>): DomainError {
  const [[withdrawalId, transactionHash] = ['', '']] = seen;
  const more = seen.size > 1 ? ` (and ${seen.size - 1} more of them)` : '';
  return new DomainError(
    'WITHDRAWAL_PAYMENT_SEEN',
    `Withdrawal ${withdrawalId}${more} is already paid by transaction ${transactionHash}, seen on chain or queued in the treasury Safe: it is not paid again. Reconciliation approves it once confirmed.`,
  );
}

/** The stored seen transfers in blocks above `block`: past a head just read, so either newer or gone with a reorg. */
export async function findSeenTransfersAbove(
  db: Kysely<Database>,
  block: number,
): Promise<{ transaction_hash: string; log_index: number }[]> {
  return db
    .selectFrom('treasury_seen_transfers')
    .select(['transaction_hash', 'log_index'])
    .where('block_number', '>', String(block))
    .execute();
}

type TransferKey = Pick<UsdtTransfer, 'txHash' | 'logIndex'>;

/** The columns a treasury transfer read from the chain is stored with, seen or reconciled alike. */
export const storedTransferColumns = (transfer: UsdtTransfer, seenAt: Date) => ({
  transaction_hash: transfer.txHash,
  log_index: transfer.logIndex,
  block_number: transfer.blockNumber,
  block_hash: transfer.blockHash,
  from_address: transfer.from,
  to_address: transfer.to,
  amount: transfer.amount,
  seen_at: seenAt,
});

const notAmong = (keys: readonly TransferKey[]) => sql`(transaction_hash, log_index) NOT IN (
  SELECT * FROM unnest(${keys.map((key) => key.txHash)}::text[], ${keys.map((key) => key.logIndex)}::int[]))`;

/**
 * Makes `treasury_seen_transfers` what the chain shows, in one transaction: `transfers` are the
 * treasury's transfers read in blocks `fromBlock`..`toBlock`. Stores those not stored yet (one
 * mined again in another block moves there); drops those of these blocks that are not among them
 * and those in `gone` (a reorg took them off the chain: the claim lifts), and those at or below
 * `decidedUpTo` (the reconciliation decided them).
 */
export async function replaceSeenTransfers(
  db: Kysely<Database>,
  window: { fromBlock: number; toBlock: number; decidedUpTo: number },
  transfers: readonly UsdtTransfer[],
  gone: readonly TransferKey[],
  seenAt: Date,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('treasury_seen_transfers').where('block_number', '<=', String(window.decidedUpTo)).execute();
    if (gone.length > 0) {
      await sql`DELETE FROM treasury_seen_transfers WHERE NOT ${notAmong(gone)}`.execute(trx);
    }
    await sql`
      DELETE FROM treasury_seen_transfers
       WHERE block_number BETWEEN ${window.fromBlock} AND ${window.toBlock} AND ${notAmong(transfers)}`.execute(trx);
    if (transfers.length === 0) return;
    await trx
      .insertInto('treasury_seen_transfers')
      .values(transfers.map((transfer) => storedTransferColumns(transfer, seenAt)))
      .onConflict((conflict) =>
        conflict.columns(['transaction_hash', 'log_index']).doUpdateSet({
          block_number: sql`excluded.block_number`,
          block_hash: sql`excluded.block_hash`,
        }),
      )
      .execute();
  });
}
