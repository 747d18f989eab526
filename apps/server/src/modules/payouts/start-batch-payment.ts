import type { Kysely } from 'kysely';
import type { AppContext } from '../../app-context';
import type { Database } from '../../db/schema';
import { DomainError } from '../../domain-error';
import type { RequestingAdministrator } from '../audit/requesting-administrator';
import { refuseHeldBatch } from '../risk/risk-hold';
import { checkFourEyesWindow } from '../withdrawals/four-eyes-window';
import { findSeenPayments, paymentSeen } from '../withdrawals/payment-seen';
import { askChain } from '../withdrawals/payout-proof';
import { findPaidInSafeQueue, type QueuedSafePayment, readSafeQueuePayments } from '../withdrawals/safe-queue-payments';
import { recordSeenTreasuryTransfers } from '../withdrawals/seen-treasury-transfers';
import {
  claimLinesToPay,
  type DemoPaymentRow,
  findDemoPayments,
  hasExportedSince,
  lockLinesToPay,
  markBatchClaimed,
  recordExport,
} from './batch-payment-repository';
import { batchNotFound } from './payout-batch-record';
import { findBatchSummary, lockBatch } from './payout-batches-repository';
import { approvalNeeded, approvalStands } from './payout-four-eyes';

/** How money may start to move: a file downloaded for Safe, or the demo treasury paying. */
export type PaymentRoute = 'SAFE_FILES' | 'DEMO_TREASURY';

export const paymentUnderWay = (message: string) => new DomainError('PAYOUT_BATCH_PAYMENT_UNDER_WAY', message);

/**
 * What is read before a batch's payment starts, outside any lock: the chain head (a release later
 * looks for the batch's transfers from there; the treasury's transfers up to it are recorded as
 * seen, `recordSeenTreasuryTransfers`, so none of the batch's withdrawals one of them pays is paid
 * again), and the treasury Safe's queue (`readSafeQueuePayments`: a transaction there paying one
 * of them refuses the payment). Null head without a chain, an empty queue without a Transaction
 * Service; a chain or service that does not answer refuses the payment (503), for a payment whose
 * transfers could not be looked for later would be one nobody can safely release.
 */
export interface BeforePayment {
  chainHead: number | null;
  safeQueue: QueuedSafePayment[];
}

export async function readBeforePayment(
  deps: Pick<AppContext, 'db' | 'clock' | 'config' | 'integrations'>,
): Promise<BeforePayment> {
  const safeQueue = await readSafeQueuePayments(deps);
  const chain = deps.integrations.depositChain;
  if (!chain) return { chainHead: null, safeQueue };
  const chainHead = await askChain(() => chain.headBlockNumber());
  await recordSeenTreasuryTransfers(deps, chain);
  return { chainHead, safeQueue };
}

export interface JoinedPayment {
  /** The demo treasury's transactions of the payment (none for files sent to Safe). */
  demoPayments: DemoPaymentRow[];
}

/**
 * Starts or joins a batch's payment in the caller's money transaction, under the batch's row lock
 * (one start, deletion, approval or release at a time):
 *
 * - the first time, it claims every withdrawal still to pay with the payment claim a single
 *   payment takes (refused while one has a payment of its own under way, or one's payment is seen
 *   on chain: WITHDRAWAL_PAYMENT_SEEN), numbers them as the
 *   payment's transfers and records who started it and the chain head before;
 * - each administrator's first export (or demo payment) of it counts in their four-eyes window —
 *   refused past PAYOUT_SECOND_APPROVAL_ABOVE in 24 hours without a second approval that still
 *   stands (its approver may still approve) — and makes them one of its exporters;
 * - files for Safe and the demo treasury never pay the same payment: a batch the demo treasury
 *   pays exports no file, a batch exported is not paid from the demo treasury (release it first).
 *
 * A demo payment already made answers its transactions and changes nothing.
 */
export async function startBatchPayment(
  trx: Kysely<Database>,
  deps: Pick<AppContext, 'config'>,
  administrator: RequestingAdministrator,
  batchId: string,
  route: PaymentRoute,
  before: BeforePayment,
  now: Date,
): Promise<JoinedPayment> {
  const batch = await lockBatch(trx, batchId);
  if (!batch) throw batchNotFound();
  const demoPayments = await findDemoPayments(trx, batchId);
  if (route === 'SAFE_FILES' && demoPayments.length > 0) {
    throw paymentUnderWay('The demo treasury is paying this batch: its files are not to be paid as well.');
  }
  if (route === 'DEMO_TREASURY' && demoPayments.length > 0) return { demoPayments };
  if (route === 'DEMO_TREASURY' && batch.payment_claimed_at) {
    throw paymentUnderWay("This batch's files were exported: pay them with Safe, or release the batch first.");
  }
  // Held withdrawals are not paid: no file for Safe and no demo payment while one is in the batch.
  await refuseHeldBatch(trx, batchId);
  let claimedAt = batch.payment_claimed_at;
  if (!claimedAt) {
    const { ids, claimedElsewhere } = await lockLinesToPay(trx, batchId);
    if (claimedElsewhere.length > 0) {
      throw new DomainError(
        'WITHDRAWAL_PAYMENT_IN_PROGRESS',
        `${claimedElsewhere.length} withdrawal(s) of this batch have a payment of their own under way (${claimedElsewhere[0]}…): approve or release it first.`,
      );
    }
    const seen = await findSeenPayments(trx, ids);
    if (seen.size > 0) throw paymentSeen(seen);
    const queued = await findPaidInSafeQueue(trx, before.safeQueue, ids);
    if (queued.size > 0) throw paymentSeen(queued);
    const claim = { by: administrator.id, at: now, block: before.chainHead };
    if ((await claimLinesToPay(trx, batchId, claim)).claimed === 0) {
      throw new DomainError(
        'PAYOUT_BATCH_EMPTY',
        'Every withdrawal of this batch is paid or has left it: nothing to pay.',
      );
    }
    await markBatchClaimed(trx, batchId, claim);
    claimedAt = now;
  }
  if (!(await hasExportedSince(trx, batchId, administrator.id, claimedAt))) {
    const total = (await findBatchSummary(trx, batchId))?.claimed_total ?? '0';
    await checkFourEyesWindow(trx, deps, {
      administratorId: administrator.id,
      total,
      now,
      batchId,
      approved: await approvalStands(trx, batch),
      instead: approvalNeeded(batch),
    });
    await recordExport(trx, { batchId, by: administrator.id, at: now, total });
  }
  return { demoPayments };
}
