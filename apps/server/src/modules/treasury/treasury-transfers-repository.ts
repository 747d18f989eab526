import type { UnmatchedTransferReason } from '@uplink/contract/payout-batches';
import { Decimal } from 'decimal.js';
import { type Kysely, sql } from 'kysely';
import type { UsdtTransfer } from '../../chain/deposit-chain';
import type { PageWindow } from '../../db/list-page';
import type { Database, WithdrawalRow } from '../../db/schema';
import { storedTransferColumns } from '../withdrawals/payment-seen';

/** Treasury transfers already stored among `transfers` ("hash:logIndex"): a range read again. */
export async function storedTransferKeys(
  db: Kysely<Database>,
  transfers: readonly UsdtTransfer[],
): Promise<Set<string>> {
  if (transfers.length === 0) return new Set();
  const rows = await db
    .selectFrom('treasury_transfers')
    .select(['transaction_hash', 'log_index'])
    .where('transaction_hash', 'in', [...new Set(transfers.map((transfer) => transfer.txHash))])
    .execute();
  return new Set(rows.map((row) => transferKey(row.transaction_hash, row.log_index)));
}

export const transferKey = (transactionHash: string, logIndex: number) => `${transactionHash}:${logIndex}`;

/** What a transfer proved: the withdrawal it approved (no reason), or why it proved none. */
export interface TransferOutcome {
  withdrawalId: string | null;
  reason: UnmatchedTransferReason | null;
}

/**
 * Stores the transfers not stored yet, in one statement, as matching nothing until their outcome
 * is written (`recordTransferOutcomes`, same transaction); resolves the keys stored here. A
 * transfer another run is storing waits for it and is then left out: that run decides it.
 */
export async function insertFreshTransfers(
  trx: Kysely<Database>,
  transfers: readonly UsdtTransfer[],
  seenAt: Date,
): Promise<Set<string>> {
  if (transfers.length === 0) return new Set();
  const rows = await trx
    .insertInto('treasury_transfers')
    .values(
      transfers.map((transfer) => ({
        ...storedTransferColumns(transfer, seenAt),
        raw_amount: transfer.rawAmount,
        unmatched_reason: 'NO_PENDING_WITHDRAWAL' as const,
      })),
    )
    .onConflict((conflict) => conflict.columns(['transaction_hash', 'log_index']).doNothing())
    .returning(['transaction_hash', 'log_index'])
    .execute();
  return new Set(rows.map((row) => transferKey(row.transaction_hash, row.log_index)));
}

/** Writes each stored transfer's outcome, in one statement. */
export async function recordTransferOutcomes(
  trx: Kysely<Database>,
  outcomes: readonly (TransferOutcome & Pick<UsdtTransfer, 'txHash' | 'logIndex'>)[],
): Promise<void> {
  if (outcomes.length === 0) return;
  await sql`
    UPDATE treasury_transfers t SET withdrawal_id = o.withdrawal_id, unmatched_reason = o.reason
      FROM unnest(${outcomes.map((one) => one.txHash)}::text[], ${outcomes.map((one) => one.logIndex)}::int[],
                  ${outcomes.map((one) => one.withdrawalId)}::uuid[], ${outcomes.map((one) => one.reason)}::text[])
           AS o(transaction_hash, log_index, withdrawal_id, reason)
     WHERE t.transaction_hash = o.transaction_hash AND t.log_index = o.log_index`.execute(trx);
}

/** What a transfer may pay: its recipient (lower case) and exact amount. */
export const owedKey = (to: string, amount: string) => `${to.toLowerCase()}:${new Decimal(amount).toFixed()}`;

const recipientsAndAmounts = (transfers: readonly Pick<UsdtTransfer, 'to' | 'amount'>[]) =>
  sql`unnest(${transfers.map((transfer) => transfer.to)}::text[], ${transfers.map((transfer) => transfer.amount)}::numeric[]) AS p(recipient, amount)`;

/**
 * Locks (FOR UPDATE, in id order) the pending withdrawals these transfers pay: recipient in any
 * letter case and exact amount. At most one per transfer: a wallet address is in at most one
 * pending withdrawal (`withdrawals_wallet_pending`, which answers this). One decided meanwhile is
 * not among them.
 */
export async function lockPendingWithdrawalsPaidBy(
  trx: Kysely<Database>,
  transfers: readonly Pick<UsdtTransfer, 'to' | 'amount'>[],
): Promise<WithdrawalRow[]> {
  const { rows } = await sql<WithdrawalRow>`
    SELECT w.* FROM withdrawals w
     WHERE w.status = 'PENDING'
       AND (lower(w.wallet_address), w.amount) IN (SELECT p.recipient, p.amount FROM ${recipientsAndAmounts(transfers)})
     ORDER BY w.id
       FOR UPDATE OF w`.execute(trx);
  return rows;
}

/** The withdrawals these very logs already prove (an administrator approved them with the hash), by transfer key. */
export async function findWithdrawalsOfPayments(
  trx: Kysely<Database>,
  transfers: readonly Pick<UsdtTransfer, 'txHash' | 'logIndex'>[],
): Promise<Map<string, string>> {
  const { rows } = await sql<{ id: string; transaction_hash: string; transaction_log_index: number }>`
    SELECT w.id, w.transaction_hash, w.transaction_log_index FROM withdrawals w
     WHERE (w.transaction_hash, w.transaction_log_index) IN (
       SELECT * FROM unnest(${transfers.map((transfer) => transfer.txHash)}::text[],
                            ${transfers.map((transfer) => transfer.logIndex)}::int[]))`.execute(trx);
  return new Map(rows.map((row) => [transferKey(row.transaction_hash, row.transaction_log_index), row.id]));
}

/**
 * For each recipient and amount, the withdrawal decided last (`withdrawals_wallet_decided_idx`):
 * the one a transfer matching no pending withdrawal meant to pay. By `owedKey`.
 */
export async function findDecidedWithdrawalsPaidBy(
  trx: Kysely<Database>,
  transfers: readonly Pick<UsdtTransfer, 'to' | 'amount'>[],
): Promise<Map<string, WithdrawalRow>> {
  const { rows } = await sql<WithdrawalRow>`
    SELECT DISTINCT ON (lower(w.wallet_address), w.amount) w.*
      FROM withdrawals w
     WHERE w.status <> 'PENDING'
       AND (lower(w.wallet_address), w.amount) IN (SELECT p.recipient, p.amount FROM ${recipientsAndAmounts(transfers)})
     ORDER BY lower(w.wallet_address), w.amount, w.processed_at DESC`.execute(trx);
  return new Map(rows.map((row) => [owedKey(row.wallet_address, row.amount), row]));
}

export interface UnmatchedTransferRow {
  transaction_hash: string;
  log_index: number;
  block_number: string;
  from_address: string;
  to_address: string;
  amount: string;
  unmatched_reason: UnmatchedTransferReason;
  withdrawal_id: string | null;
  seen_at: Date;
}

/** A page of the transfers that matched no withdrawal, newest first (`treasury_transfers_unmatched_idx`). */
export async function findUnmatchedTransfers(db: Kysely<Database>, page: PageWindow): Promise<UnmatchedTransferRow[]> {
  const rows = await db
    .selectFrom('treasury_transfers')
    .select([
      'transaction_hash',
      'log_index',
      'block_number',
      'from_address',
      'to_address',
      sql<string>`amount::text`.as('amount'),
      'withdrawal_id',
      'seen_at',
      'unmatched_reason',
    ])
    .where('unmatched_reason', 'is not', null)
    .orderBy('seen_at', 'desc')
    .orderBy('transaction_hash')
    .orderBy('log_index')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  return rows as UnmatchedTransferRow[];
}

/** How many transfers matched no withdrawal (the partial index holds only those). */
export async function countUnmatchedTransfers(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('treasury_transfers')
    .select(sql<string>`count(*)::text`.as('unmatched'))
    .where('unmatched_reason', 'is not', null)
    .executeTakeFirstOrThrow();
  return Number(row.unmatched);
}
