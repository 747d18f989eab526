import { parseUnits } from 'ethers';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../app-context';
import { treasurySafeFrom, usdtTransfersOf } from '../../chain/treasury-safe';
import { plainAmount } from '../../csv/csv-writer';
import type { Database, WithdrawalRow } from '../../db/schema';

/** A transaction in the treasury Safe's queue, with the USDT transfers it would make. */
export interface QueuedSafePayment {
  safeTxHash: string;
  nonce: string;
  /** What its proposer called it: the product's own proposals name their batch (`proposalOrigin`). */
  origin: string | null;
  /** Its transfers as `transferKey` writes them. */
  transfers: ReadonlySet<string>;
}

/** USDT's decimals on BSC and on the demo chain's test token. */
const usdtDecimals = 18;

/** A transfer of exactly `amount` USDT to `wallet` (any letter case), as the Safe's queue is compared. */
export const transferKey = (wallet: string, units: bigint) => `${wallet.toLowerCase()}:${units}`;
const owedKey = (withdrawal: Pick<WithdrawalRow, 'wallet_address' | 'amount'>) =>
  transferKey(withdrawal.wallet_address, parseUnits(plainAmount(withdrawal.amount), usdtDecimals));

/**
 * The treasury Safe's queue as its Transaction Service lists it (not executed, at or past the
 * Safe's nonce), each transaction with the USDT transfers its call or MultiSend makes — a proposal
 * whose answer was lost, or a file an owner imported, as much as one the product recorded. One
 * call, bounded by SAFE_TX_SERVICE_TIMEOUT_MS: a service that does not answer is a 503, so no
 * payment starts blind. Empty without a Safe with a Transaction Service: nothing to read then.
 * Read before any lock is taken, the HTTP call never holds one.
 */
export async function readSafeQueuePayments(deps: Pick<AppContext, 'config'>): Promise<QueuedSafePayment[]> {
  const safe = treasurySafeFrom(deps.config);
  if (!safe) return [];
  const token = deps.config.chain.usdtContractAddress;
  return (await safe.queue()).map((queued) => ({
    safeTxHash: queued.safeTxHash,
    nonce: queued.nonce,
    origin: queued.origin,
    transfers: new Set(usdtTransfersOf(queued, token).map((transfer) => transferKey(transfer.wallet, transfer.units))),
  }));
}

/** The first transaction of `queue` paying `withdrawal` (its exact amount to its address), or undefined. */
export function queuedPaymentOf(
  queue: readonly QueuedSafePayment[],
  withdrawal: Pick<WithdrawalRow, 'wallet_address' | 'amount'>,
): QueuedSafePayment | undefined {
  const owed = owedKey(withdrawal);
  return queue.find((queued) => queued.transfers.has(owed));
}

/**
 * The withdrawals among `ids` a transaction of `queue` pays, each with its safeTxHash: what
 * `paymentSeen` refuses (WITHDRAWAL_PAYMENT_SEEN). Their addresses and amounts are read in the
 * caller's transaction, under its locks, so the match is made on what is about to be paid.
 */
export async function findPaidInSafeQueue(
  db: Kysely<Database>,
  queue: readonly QueuedSafePayment[],
  ids: readonly string[],
): Promise<Map<string, string>> {
  if (queue.length === 0 || ids.length === 0) return new Map();
  const withdrawals = await db
    .selectFrom('withdrawals')
    .select(['id', 'wallet_address', 'amount'])
    .where('id', 'in', ids)
    .orderBy('id')
    .execute();
  const paid = new Map<string, string>();
  for (const withdrawal of withdrawals) {
    const queued = queuedPaymentOf(queue, withdrawal);
    if (queued) paid.set(withdrawal.id, queued.safeTxHash);
  }
  return paid;
}
