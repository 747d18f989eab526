import { errorTexts } from '@uplink/contract/error-codes';
import type { AppContext } from '../../app-context';
import { moneyTransaction } from '../../db/money-transaction';
import { isUuid } from '../../db/uuid';
import { DomainError } from '../../domain-error';
import { recordAdminAction } from '../audit/audit-log-repository';
import type { RequestingAdministrator } from '../audit/requesting-administrator';
import { batchNotFound, toPayoutBatch } from './payout-batch-record';
import { deleteBatch, findBatchSummary, lockBatch, lockLinesCountingPaid } from './payout-batches-repository';

/**
 * Deletes a batch none of whose withdrawals is paid and whose payment is not under way (never
 * exported or paid, or released); they go back to the pool (pending, in no batch). Its withdrawals are locked first (FOR SHARE), so an approval either came before — and
 * the deletion is refused — or waits until the batch is gone.
 * @rule BATCH_DELETED_ONLY_UNPAID
 */
export async function deletePayoutBatch(
  deps: Pick<AppContext, 'db' | 'clock' | 'config'>,
  administrator: RequestingAdministrator,
  id: string,
): Promise<void> {
  if (!isUuid(id)) throw batchNotFound();
  await moneyTransaction(deps.db, async (trx) => {
    const batch = await lockBatch(trx, id);
    if (!batch) throw batchNotFound();
    if ((await lockLinesCountingPaid(trx, id)) > 0) {
      throw new DomainError('PAYOUT_BATCH_HAS_PAYMENTS', errorTexts.PAYOUT_BATCH_HAS_PAYMENTS);
    }
    // Its files may be paid any moment: deleting it would let its withdrawals be batched and paid again.
    if (batch.payment_claimed_at) {
      throw new DomainError('PAYOUT_BATCH_PAYMENT_UNDER_WAY', errorTexts.PAYOUT_BATCH_PAYMENT_UNDER_WAY);
    }
    const before = await findBatchSummary(trx, id);
    await deleteBatch(trx, id);
    const now = deps.clock.now();
    await recordAdminAction(
      trx,
      {
        actorId: administrator.id,
        action: 'PAYOUT_BATCH_DELETED',
        targetType: 'PAYOUT_BATCH',
        targetId: id,
        before: before ? toPayoutBatch(before, deps.config.withdrawals.secondApprovalAbove) : undefined,
        ipAddress: administrator.ipAddress,
        requestId: administrator.requestId,
      },
      now,
    );
  });
}
