import type { DemoBatchPayment } from '@uplink/contract/payout-batches';
import type { AppContext } from '../../app-context';
import { type DemoChainInfo, payManyOnDemoChain } from '../../chain/demo-chain';
import { isUuid } from '../../db/uuid';
import { DomainError } from '../../domain-error';
import { recordAdminAction } from '../audit/audit-log-repository';
import type { RequestingAdministrator } from '../audit/requesting-administrator';
import { findOpenPendingLines, payoutBatchExists } from './demo-batch-payment-repository';

const batchNotFound = () => new DomainError('PAYOUT_BATCH_NOT_FOUND', 'No such payout batch.');

/**
 * Local mode: the demo treasury pays a batch's open pending lines in one multi-send transaction,
 * as a treasury's Safe would, and nothing more — the treasury reconciliation then reads the
 * payment's logs and approves each withdrawal it pays. Like a Safe payment the server does not
 * claim the withdrawals first: one rejected while the batch is paid shows up as an unmatched
 * transfer (WITHDRAWAL_CLOSED), never as a second spend of the member's balance.
 */
export async function payBatchFromDemoTreasury(
  deps: Pick<AppContext, 'db' | 'clock'>,
  chain: DemoChainInfo,
  administrator: RequestingAdministrator,
  batchId: string,
): Promise<DemoBatchPayment> {
  if (!isUuid(batchId) || !(await payoutBatchExists(deps.db, batchId))) throw batchNotFound();
  const lines = await findOpenPendingLines(deps.db, batchId);
  if (lines.length === 0) {
    throw new DomainError(
      'PAYOUT_BATCH_EMPTY',
      'Every withdrawal of this batch is paid or has left it: nothing to pay.',
    );
  }
  const transactionHash = (
    await payManyOnDemoChain(
      chain,
      lines.map((line) => ({ to: line.wallet_address, amount: line.amount })),
    )
  ).toLowerCase();
  await recordAdminAction(
    deps.db,
    {
      actorId: administrator.id,
      action: 'PAYOUT_BATCH_PAID_FROM_DEMO_TREASURY',
      targetType: 'PAYOUT_BATCH',
      targetId: batchId,
      after: { transactionHash, lines: lines.length, withdrawalIds: lines.map((line) => line.withdrawal_id) },
      ipAddress: administrator.ipAddress,
      requestId: administrator.requestId,
    },
    deps.clock.now(),
  );
  return { transactionHash, lines: lines.length };
}
