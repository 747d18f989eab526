import type { PayoutBatch } from '@uplink/contract/payout-batches';
import type { AppContext } from '../../app-context';
import { moneyTransaction } from '../../db/money-transaction';
import { isUuid } from '../../db/uuid';
import { recordAdminAction } from '../audit/audit-log-repository';
import type { RequestingAdministrator } from '../audit/requesting-administrator';
import { findExporters } from './batch-payment-repository';
import { batchNotFound, toPayoutBatch } from './payout-batch-record';
import { findBatchSummary, lockBatch, recordApproval } from './payout-batches-repository';
import { approvalStands, secondPersonRefusal } from './payout-four-eyes';

/**
 * The second administrator's approval of a batch (four eyes): never its creator's nor an
 * exporter's (`secondPersonRefusal`); once approved, its exports count in nobody's four-eyes
 * window. Idempotent: a batch already approved stays approved by whoever approved it first, and
 * only that first approval is audited, with what was approved (count and total then) — unless its
 * approver may no longer approve (`approvalStands`): then this approval takes its place. A batch
 * under the limit can be approved too: a second look is never refused.
 */
export async function approvePayoutBatch(
  deps: Pick<AppContext, 'db' | 'clock' | 'config'>,
  administrator: RequestingAdministrator,
  id: string,
): Promise<PayoutBatch> {
  if (!isUuid(id)) throw batchNotFound();
  await moneyTransaction(deps.db, async (trx) => {
    const batch = await lockBatch(trx, id);
    if (!batch) throw batchNotFound();
    const refusal = secondPersonRefusal(batch, await findExporters(trx, id), administrator, 'approve');
    if (refusal) throw refusal;
    if (await approvalStands(trx, batch)) return;
    const now = deps.clock.now();
    const approved = await findBatchSummary(trx, id);
    await recordApproval(trx, id, administrator.id, now);
    await recordAdminAction(
      trx,
      {
        actorId: administrator.id,
        action: 'PAYOUT_BATCH_APPROVED',
        targetType: 'PAYOUT_BATCH',
        targetId: id,
        after: { withdrawals: approved?.lines ?? 0, total: approved?.total ?? '0' },
        ipAddress: administrator.ipAddress,
        requestId: administrator.requestId,
      },
      now,
    );
  });
  const approved = await findBatchSummary(deps.db, id);
  if (!approved) throw batchNotFound();
  return toPayoutBatch(approved, deps.config.withdrawals.secondApprovalAbove);
}
