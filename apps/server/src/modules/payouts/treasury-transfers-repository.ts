import type { UnmatchedTransferReason } from '@uplink/contract/payout-batches';
import { type Kysely, sql } from 'kysely';
import type { Database, WithdrawalRow } from '../../db/schema';
import type { UsdtTransfer } from '../subscription/deposit-chain';

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

/** Stores a transfer once; false when it was stored already. */
export async function insertTreasuryTransfer(
  db: Kysely<Database>,
  transfer: UsdtTransfer,
  outcome: TransferOutcome,
  seenAt: Date,
): Promise<boolean> {
  const row = await db
    .insertInto('treasury_transfers')
    .values({
      transaction_hash: transfer.txHash,
      log_index: transfer.logIndex,
      block_number: transfer.blockNumber,
      block_hash: transfer.blockHash,
      from_address: transfer.from,
      to_address: transfer.to,
      raw_amount: transfer.rawAmount,
      amount: transfer.amount,
      seen_at: seenAt,
      withdrawal_id: outcome.withdrawalId,
      unmatched_reason: outcome.reason,
    })
    .onConflict((conflict) => conflict.columns(['transaction_hash', 'log_index']).doNothing())
    .returning('log_index')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * The pending withdrawal to `to` (any letter case) of exactly `amount`. At most one: a wallet
 * address is in at most one pending withdrawal (`withdrawals_wallet_pending`, which answers this),
 * so one log can never match two pending withdrawals.
 */
export async function findPendingWithdrawalPaidBy(
  db: Kysely<Database>,
  transfer: Pick<UsdtTransfer, 'to' | 'amount'>,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('withdrawals')
    .select('id')
    .where(sql<string>`lower(wallet_address)`, '=', transfer.to)
    .where('status', '=', 'PENDING')
    .where(sql<boolean>`amount = ${transfer.amount}::numeric`)
    .executeTakeFirst();
  return row?.id;
}

/** The withdrawal this very log already proves (an administrator approved it with the hash). */
export function findWithdrawalOfPayment(
  db: Kysely<Database>,
  transfer: Pick<UsdtTransfer, 'txHash' | 'logIndex'>,
): Promise<Pick<WithdrawalRow, 'id'> | undefined> {
  return db
    .selectFrom('withdrawals')
    .select('id')
    .where('transaction_hash', '=', transfer.txHash)
    .where('transaction_log_index', '=', transfer.logIndex)
    .executeTakeFirst();
}

/** The withdrawal to `to` of exactly `amount` decided last: the one a transfer matching no pending one meant to pay. */
export function findDecidedWithdrawalPaidBy(
  db: Kysely<Database>,
  transfer: Pick<UsdtTransfer, 'to' | 'amount'>,
): Promise<WithdrawalRow | undefined> {
  return db
    .selectFrom('withdrawals')
    .selectAll()
    .where(sql<string>`lower(wallet_address)`, '=', transfer.to)
    .where('status', '<>', 'PENDING')
    .where(sql<boolean>`amount = ${transfer.amount}::numeric`)
    .orderBy('processed_at', 'desc')
    .limit(1)
    .executeTakeFirst();
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
export async function findUnmatchedTransfers(
  db: Kysely<Database>,
  page: { limit: number; offset: number },
): Promise<UnmatchedTransferRow[]> {
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
