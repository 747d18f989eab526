import { type PayoutBatchRelease, queuedInSafeRefusal } from '@uplink/contract/payout-batches';
import { Decimal } from 'decimal.js';
import type { AppContext } from '../../app-context';
import type { UsdtTransfer } from '../../chain/deposit-chain';
import { treasurySafeFrom } from '../../chain/treasury-safe';
import { moneyTransaction } from '../../db/money-transaction';
import { isUuid } from '../../db/uuid';
import { DomainError } from '../../domain-error';
import { recordAdminAction } from '../audit/audit-log-repository';
import type { RequestingAdministrator } from '../audit/requesting-administrator';
import { readSplittingRange } from '../subscription/confirmed-block-scan';
import { fourEyesWindow } from '../withdrawals/four-eyes-window';
import { askChain } from '../withdrawals/payout-proof';
import { queuedPaymentOf, readSafeQueuePayments } from '../withdrawals/safe-queue-payments';
import {
  type DemoPaymentRow,
  findClaimedLinesToPay,
  findDemoPayments,
  findExporters,
  lockLinesToPay,
  type PartLineRow,
  releaseBatchClaims,
} from './batch-payment-repository';
import { batchNotFound, toPayoutBatch } from './payout-batch-record';
import { type BatchSummaryRow, findBatchSummary, lockBatch } from './payout-batches-repository';
import { secondPersonRefusal } from './payout-four-eyes';
import { findProposalsOfBatch, findProposalsOfPayment, type SafeProposalRow } from './safe-proposals-repository';
import { paymentUnderWay } from './start-batch-payment';

type Deps = Pick<AppContext, 'db' | 'clock' | 'config' | 'integrations'>;

/** Blocks per eth_getLogs while a release looks for the batch's transfers (halved when a node refuses). */
const releaseBlockRange = 5_000;
/** A demo payment row without its hash for this long was left by a sender that died: the chain decides then. */
const demoSendingMs = 2 * 60_000;

/**
 * Gives up a batch's payment under way — for when the treasurer rejected or replaced the Safe
 * transaction — so its unpaid withdrawals are no longer claimed: they can be paid, rejected or
 * batched again. A deliberate, audited act (with its reason), refused:
 *
 * - to the batch's creator and to whoever exported it, when its payment does not fit the four-eyes
 *   window of the one who started it (`needsSecondPerson`): a second person releases what one person
 *   could not send alone (`secondPersonRefusal`);
 * - while a demo-treasury transaction of it is being sent;
 * - while the chain shows any treasury transfer paying one of its unpaid withdrawals since the
 *   payment started, confirmed or not (logs of mined blocks up to the head): that payment is real,
 *   and reconciliation will approve it once confirmed.
 *
 * - while a part proposed to the Safe is undecided on chain, or the treasury Safe's queue (read
 *   from its Transaction Service, when configured) holds a transaction paying one of them:
 *   PAYOUT_BATCH_QUEUED_IN_SAFE, naming it. A proposed payment is released by proof only
 *   (`refreshSafeProposals`); a manual release is for downloaded files. And, under the
 *   batch's lock, when a part was proposed after that queue was read: a propose of another part
 *   that posted then and recorded its proposal before this lock was taken (proposal-races.test.ts)
 *   would otherwise leave a queued Safe transaction paying withdrawals no longer claimed, which
 *   anything could then pay again.
 *
 * Without a Transaction Service, a Safe transaction not yet executed is not seen: a payment that
 * lands after the release is matched to its withdrawal while that is still pending, or else listed
 * as an unmatched transfer (and alerted on) — it cannot be undone, which the release dialog says.
 */
export async function releasePayoutBatch(
  deps: Deps,
  administrator: RequestingAdministrator,
  id: string,
  reason: string,
): Promise<PayoutBatchRelease> {
  const summary = isUuid(id) ? await findBatchSummary(deps.db, id) : undefined;
  if (!summary) throw batchNotFound();
  const claimedAt = summary.payment_claimed_at;
  const unpaid = await findClaimedLinesToPay(deps.db, id);
  if (!claimedAt || unpaid.length === 0) {
    return { released: false, batch: toPayoutBatch(summary, deps.config.withdrawals.secondApprovalAbove) };
  }
  if (await needsSecondPerson(deps, summary, id)) {
    const refusal = secondPersonRefusal(summary, await findExporters(deps.db, id), administrator, 'release');
    if (refusal) throw refusal;
  }
  const queued = (await findProposalsOfBatch(deps.db, id)).filter((proposal) => proposal.state === 'QUEUED');
  const queuedInSafe = await findQueuedInSafe(deps, queued, unpaid);
  if (queuedInSafe) throw queuedInSafeError(queuedInSafe);
  const demoPayments = await findDemoPayments(deps.db, id);
  const now = deps.clock.now();
  if (
    demoPayments.some(
      (payment) => !payment.transaction_hash && now.getTime() - payment.started_at.getTime() < demoSendingMs,
    )
  ) {
    throw paymentUnderWay('The demo treasury is sending a payment of this batch: wait for it.');
  }
  const onChain = await findBatchPaymentOnChain(deps, summary, unpaid, demoPayments);
  if (onChain) {
    throw paymentUnderWay(
      `A payment of this batch is on the chain (${onChain}): it cannot be released. Reconciliation approves its withdrawals once it is confirmed.`,
    );
  }
  await moneyTransaction(deps.db, async (trx) => {
    const locked = await lockBatch(trx, id);
    if (!locked) throw batchNotFound();
    // Released, or released and started again, meanwhile: that is not the payment checked.
    if (locked.payment_claimed_at?.getTime() !== claimedAt.getTime()) {
      throw paymentUnderWay('The payment of this batch changed meanwhile: look at it again.');
    }
    // A part proposed after the queue above was read (its propose held this lock until recorded).
    const proposedMeanwhile = (await findProposalsOfPayment(trx, id)).find(
      (proposal) =>
        proposal.state === 'QUEUED' && !queued.some((checked) => checked.safe_tx_hash === proposal.safe_tx_hash),
    );
    if (proposedMeanwhile) {
      throw queuedInSafeError({ safeTxHash: proposedMeanwhile.safe_tx_hash, nonce: String(proposedMeanwhile.nonce) });
    }
    await lockLinesToPay(trx, id);
    const released = await releaseBatchClaims(trx, id);
    await recordAdminAction(
      trx,
      {
        actorId: administrator.id,
        action: 'PAYOUT_BATCH_RELEASED',
        targetType: 'PAYOUT_BATCH',
        targetId: id,
        before: {
          paymentStartedAt: claimedAt.toISOString(),
          paymentStartedBy: summary.payment_claimed_by,
          transfers: summary.claimed,
          total: summary.claimed_total,
          demoTransactions: demoPayments.map((payment) => payment.transaction_hash),
        },
        after: { reason, withdrawalsReleased: released.released, totalReleased: released.total },
        ipAddress: administrator.ipAddress,
        requestId: administrator.requestId,
      },
      now,
    );
  });
  const batch = await findBatchSummary(deps.db, id);
  if (!batch) throw batchNotFound();
  return { released: true, batch: toPayoutBatch(batch, deps.config.withdrawals.secondApprovalAbove) };
}

const queuedInSafeError = (queued: { safeTxHash: string; nonce: string }) =>
  new DomainError('PAYOUT_BATCH_QUEUED_IN_SAFE', queuedInSafeRefusal(queued));

/**
 * Whether releasing the batch's payment takes a second person: when the payment, counted with what
 * the administrator who started it paid out without a second approval in the last 24 hours, is
 * above PAYOUT_SECOND_APPROVAL_ABOVE — the export's own window (`fourEyesWindow`), the batch's
 * approval aside, so a payment one person could not start alone is not released by one person either.
 */
async function needsSecondPerson(
  deps: Deps,
  summary: Pick<BatchSummaryRow, 'payment_claimed_by' | 'claimed_total'>,
  batchId: string,
): Promise<boolean> {
  const window = await fourEyesWindow(deps.db, deps, {
    administratorId: summary.payment_claimed_by,
    total: summary.claimed_total,
    now: deps.clock.now(),
    batchId,
  });
  return !window.fits;
}

/**
 * A Safe transaction that may still pay the batch: one of its proposals whose nonce the chain has
 * not yet seen used (recorded QUEUED, whatever the Transaction Service lists now: a proposal
 * deleted there can still be executed by whoever holds its signatures, so only a rejection at its
 * nonce proves it will not pay, and that releases the batch by itself), else, from the Safe's
 * queue as the service lists it, any transaction whose transfers (its MultiSend decoded) pay one
 * of its unpaid withdrawals: a file imported in Safe{Wallet}.
 */
async function findQueuedInSafe(
  deps: Pick<AppContext, 'config'>,
  queued: readonly SafeProposalRow[],
  unpaid: readonly PartLineRow[],
): Promise<{ safeTxHash: string; nonce: string } | undefined> {
  const [proposal] = queued;
  if (proposal) return { safeTxHash: proposal.safe_tx_hash, nonce: String(proposal.nonce) };
  if (!treasurySafeFrom(deps.config)) return undefined;
  const queue = await readSafeQueuePayments(deps);
  return unpaid.map((line) => queuedPaymentOf(queue, line)).find((entry) => entry !== undefined);
}

/**
 * A treasury transfer paying one of `lines` (recipient in any letter case, exact amount), on
 * chain since the payment started, confirmed or not: the demo treasury's own transactions, then
 * every outgoing transfer of the treasury from the chain head before the claim up to the head now
 * (one eth_getLogs per range, whatever the number of withdrawals). Its hash, or null; null too
 * without a chain to ask.
 */
async function findBatchPaymentOnChain(
  deps: Pick<AppContext, 'config' | 'integrations'>,
  batch: Pick<BatchSummaryRow, 'payment_claim_block'>,
  lines: readonly PartLineRow[],
  demoPayments: readonly DemoPaymentRow[],
): Promise<string | null> {
  const chain = deps.integrations.depositChain;
  if (!chain || lines.length === 0) return null;
  const treasuries = deps.config.withdrawals.treasuryAddresses;
  const owed = new Set(
    lines.map((line) => `${line.wallet_address.toLowerCase()}:${new Decimal(line.amount).toFixed()}`),
  );
  const pays = (transfer: UsdtTransfer) =>
    treasuries.includes(transfer.from) && owed.has(`${transfer.to}:${new Decimal(transfer.amount).toFixed()}`);
  for (const { transaction_hash: hash } of demoPayments) {
    if (hash && (await askChain(() => chain.transfersIn(hash)))?.some(pays)) return hash;
  }
  if (batch.payment_claim_block === null) return null;
  const head = await askChain(() => chain.headBlockNumber());
  for (let from = Number(batch.payment_claim_block); from <= head; from += releaseBlockRange) {
    const to = Math.min(head, from + releaseBlockRange - 1);
    const transfers = await askChain(() =>
      readSplittingRange((start, end) => chain.transfersFrom(treasuries, start, end), from, to),
    );
    const payment = transfers.find(pays);
    if (payment) return payment.txHash;
  }
  return null;
}
