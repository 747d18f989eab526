import type { FieldError } from '@uplink/contract/envelope';
import { errorTexts } from '@uplink/contract/error-codes';
import { type CreatePayoutBatchRequest, maxBatchWithdrawals, type PayoutBatch } from '@uplink/contract/payout-batches';
import type { AppContext } from '../../app-context';
import { moneyTransaction } from '../../db/money-transaction';
import { DomainError } from '../../domain-error';
import { recordAdminAction } from '../audit/audit-log-repository';
import type { RequestingAdministrator } from '../audit/requesting-administrator';
import { refuseHeldWithdrawals, withoutHeldWithdrawals } from '../risk/risk-hold';
import { findPaidInSafeQueue, readSafeQueuePayments } from '../withdrawals/safe-queue-payments';
import { recordSeenTreasuryTransfers } from '../withdrawals/seen-treasury-transfers';
import { batchNotFound, toPayoutBatch } from './payout-batch-record';
import {
  type BatchRefusal,
  countFilteredWithdrawals,
  findBatchSummary,
  findRefusedWithdrawals,
  insertBatch,
  insertLines,
  lockFilteredWithdrawals,
  lockRequestedWithdrawals,
  type RefusedWithdrawal,
} from './payout-batches-repository';

/** The refusals named one by one in `errors`; the message names the first few. */
const namedRefusals = 100;
const namedInMessage = 3;

const refusalTexts: Record<BatchRefusal, (id: string, seenIn: string | null) => string> = {
  WITHDRAWAL_NOT_FOUND: (id) => `Withdrawal ${id} does not exist`,
  WITHDRAWAL_ALREADY_PROCESSED: (id) => `Withdrawal ${id} is no longer pending`,
  WITHDRAWAL_PAYMENT_SEEN: (id, seenIn) =>
    `Withdrawal ${id} is already paid by transaction ${seenIn}, seen on chain or queued in the treasury Safe`,
  WITHDRAWAL_ALREADY_BATCHED: (id) => `Withdrawal ${id} is already in an open payout batch`,
  WITHDRAWAL_PAYMENT_IN_PROGRESS: (id) => `Withdrawal ${id} has a payment under way`,
};

/**
 * The most serious refusal gives the code: an unknown withdrawal before a decided one before a
 * batched one before one under a payment of its own before one a payment seen on chain pays
 * (outside any batch or claim: paid outside Uplink, or by a file whose batch was released).
 */
const refusalOrder: BatchRefusal[] = [
  'WITHDRAWAL_NOT_FOUND',
  'WITHDRAWAL_ALREADY_PROCESSED',
  'WITHDRAWAL_ALREADY_BATCHED',
  'WITHDRAWAL_PAYMENT_IN_PROGRESS',
  'WITHDRAWAL_PAYMENT_SEEN',
];

/** Refuses the whole batch, naming each withdrawal that cannot join it (the batch is all or nothing). */
function refusal(refused: RefusedWithdrawal[], fieldOf: (id: string) => string): DomainError {
  const code = refusalOrder.find((kind) => refused.some((row) => row.refusal === kind)) ?? 'WITHDRAWAL_ALREADY_BATCHED';
  const errors: FieldError[] = refused.slice(0, namedRefusals).map((row) => ({
    field: fieldOf(row.withdrawal_id),
    message: refusalTexts[row.refusal](row.withdrawal_id, row.seen_in),
  }));
  const named = errors.slice(0, namedInMessage).map((error) => error.message);
  const more = refused.length - named.length;
  const message = `${named.join('. ')}${more > 0 ? `, and ${more} more` : ''}. Nothing was batched.`;
  return new DomainError(code, message, { errors });
}

/** The withdrawals a transaction of the treasury Safe's queue pays, as refusals naming it. */
const queuedRefusals = (queued: ReadonlyMap<string, string>): RefusedWithdrawal[] =>
  [...queued].map(([id, safeTxHash]) => ({
    withdrawal_id: id,
    refusal: 'WITHDRAWAL_PAYMENT_SEEN',
    seen_in: safeTxHash,
  }));

type Deps = Pick<AppContext, 'db' | 'clock' | 'config' | 'integrations'>;

/**
 * Gathers pending withdrawals into a new batch, all or none: a selection (`withdrawalIds`) or
 * every pending withdrawal in no open batch that the admin list's filter matches. None whose
 * payment the chain already shows (`paymentSeenOf`, read from the chain first) or a transaction
 * of the treasury Safe's queue makes (`readSafeQueuePayments`, read first too): a selection
 * holding one is refused (WITHDRAWAL_PAYMENT_SEEN, naming the transaction), a filter leaves it out. One transaction
 * locks the withdrawals (FOR SHARE, in id order: a concurrent rejection waits, then takes its
 * line out through the `withdrawals_leave_batch` trigger), writes the lines in one INSERT … SELECT
 * and the audit row. Of two administrators batching the same withdrawals at once, the partial
 * unique index gives each withdrawal to one batch; the other is refused, naming them.
 * @rule PAYOUT_BATCH_SIZE
 */
export async function createPayoutBatch(
  deps: Deps,
  administrator: RequestingAdministrator,
  request: CreatePayoutBatchRequest,
): Promise<PayoutBatch> {
  const batchId = crypto.randomUUID();
  const requested = request.withdrawalIds ? [...new Set(request.withdrawalIds.map((id) => id.toLowerCase()))] : null;
  const positionOf = new Map(requested?.map((id, index) => [id, index]));
  const fieldOf = (id: string) => (requested ? `withdrawalIds.${positionOf.get(id) ?? 0}` : 'filter');
  const safeQueue = await readSafeQueuePayments(deps);
  await recordSeenTreasuryTransfers(deps, deps.integrations.depositChain);
  const now = deps.clock.now();
  await moneyTransaction(deps.db, async (trx) => {
    let ids: string[];
    if (requested) {
      await lockRequestedWithdrawals(trx, requested);
      const refused = await findRefusedWithdrawals(trx, requested);
      if (refused.length > 0) throw refusal(refused, fieldOf);
      const queued = await findPaidInSafeQueue(trx, safeQueue, requested);
      if (queued.size > 0) throw refusal(queuedRefusals(queued), fieldOf);
      // A member under risk review: their withdrawals are held, so the batch is refused, naming them.
      await refuseHeldWithdrawals(trx, requested, fieldOf);
      ids = requested;
    } else {
      const filters = { search: request.filter?.search || undefined };
      // Counted before anything is locked: a filter far too wide costs one read, not 100,001 row locks.
      if ((await countFilteredWithdrawals(trx, filters, maxBatchWithdrawals + 1)) > maxBatchWithdrawals) {
        throw new DomainError('PAYOUT_BATCH_TOO_LARGE', errorTexts.PAYOUT_BATCH_TOO_LARGE);
      }
      // A withdrawal decided or batched since the count is not among those locked (or is refused below).
      const matched = await lockFilteredWithdrawals(trx, filters, maxBatchWithdrawals);
      if (matched.length === 0) throw new DomainError('PAYOUT_BATCH_EMPTY', errorTexts.PAYOUT_BATCH_EMPTY);
      // "Every pending withdrawal matching" means every one that may be paid: held ones stay pending.
      const queued = await findPaidInSafeQueue(trx, safeQueue, matched);
      const unqueued = matched.filter((id) => !queued.has(id));
      if (unqueued.length === 0) throw new DomainError('PAYOUT_BATCH_EMPTY', errorTexts.PAYOUT_BATCH_EMPTY);
      ids = await withoutHeldWithdrawals(trx, unqueued, 'filter');
    }
    await insertBatch(trx, { id: batchId, createdBy: administrator.id, createdAt: now });
    const inserted = await insertLines(trx, batchId, ids);
    if (inserted.taken.length > 0) {
      throw refusal(
        inserted.taken.map((id) => ({ withdrawal_id: id, refusal: 'WITHDRAWAL_ALREADY_BATCHED', seen_in: null })),
        fieldOf,
      );
    }
    await recordAdminAction(
      trx,
      {
        actorId: administrator.id,
        action: 'PAYOUT_BATCH_CREATED',
        targetType: 'PAYOUT_BATCH',
        targetId: batchId,
        after: {
          withdrawals: inserted.lines,
          total: inserted.total,
          ...(request.filter ? { filter: request.filter } : {}),
        },
        ipAddress: administrator.ipAddress,
        requestId: administrator.requestId,
      },
      now,
    );
  });
  const created = await findBatchSummary(deps.db, batchId);
  // Deleted by another administrator the moment it was created.
  if (!created) throw batchNotFound();
  return toPayoutBatch(created, deps.config.withdrawals.secondApprovalAbove);
}
