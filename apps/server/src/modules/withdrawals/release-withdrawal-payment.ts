import type { PaymentRelease } from '@uplink/contract/withdrawals';
import type { AppContext } from '../../app-context';
import { moneyTransaction } from '../../db/money-transaction';
import { isUuid } from '../../db/uuid';
import { DomainError } from '../../domain-error';
import { recordAdminAction } from '../audit/audit-log-repository';
import type { RequestingAdministrator } from '../audit/requesting-administrator';
import { findClaimedPaymentOnChain } from './payout-proof';
import { paymentInProgress, withdrawalAlreadyProcessed, withdrawalNotFound } from './withdrawal-payment-claim';
import { toWithdrawal } from './withdrawal-record';
import { findWithdrawal, lockWithdrawal, recordClaimedPayment, releaseClaim } from './withdrawals-repository';

/** A batch's claim is given up with its batch, never one withdrawal at a time. */
const claimedByBatch = () =>
  new DomainError(
    'PAYOUT_BATCH_PAYMENT_UNDER_WAY',
    'This withdrawal is claimed by the payment of its payout batch: release the batch instead.',
  );

/**
 * An administrator releases a payment claim that was left standing (a payment that failed, or a
 * process that died after sending), so the withdrawal can be paid again or rejected. Refused
 * while the chain shows the payment — the claim's transaction, or a treasury transfer of the
 * amount to the address since the claim — which is then written on the claim to approve with.
 * (A transaction not yet mined is not seen: release only a claim whose payment has had time to land.)
 */
export async function releaseWithdrawalPayment(
  deps: Pick<AppContext, 'db' | 'clock' | 'config' | 'integrations'>,
  administrator: RequestingAdministrator,
  withdrawalId: string,
): Promise<PaymentRelease> {
  const current = isUuid(withdrawalId) ? await findWithdrawal(deps.db, withdrawalId) : undefined;
  if (!current) throw withdrawalNotFound();
  if (current.status !== 'PENDING') throw withdrawalAlreadyProcessed();
  const claimedAt = current.payment_claimed_at;
  if (!claimedAt) return { released: false };
  if (current.payment_claim_batch) throw claimedByBatch();
  const onChain = await findClaimedPaymentOnChain(deps, current);
  if (onChain) {
    await recordClaimedPayment(deps.db, withdrawalId, claimedAt, onChain);
    throw paymentInProgress(`The payment ${onChain} is on the chain: approve the withdrawal with it.`);
  }
  const now = deps.clock.now();
  await moneyTransaction(deps.db, async (trx) => {
    const locked = await lockWithdrawal(trx, withdrawalId);
    // Another administrator released, retook or decided it meanwhile: that claim is not the one checked.
    if (!locked || locked.payment_claimed_at?.getTime() !== claimedAt.getTime()) throw paymentInProgress();
    if (locked.payment_claim_batch) throw claimedByBatch();
    await releaseClaim(trx, withdrawalId, claimedAt);
    await recordAdminAction(
      trx,
      {
        actorId: administrator.id,
        action: 'WITHDRAWAL_PAYMENT_RELEASED',
        targetType: 'WITHDRAWAL',
        targetId: withdrawalId,
        before: {
          ...toWithdrawal(locked),
          paymentClaimedAt: claimedAt.toISOString(),
          paymentClaimHash: locked.payment_claim_hash,
        },
        after: toWithdrawal(locked),
        ipAddress: administrator.ipAddress,
        requestId: administrator.requestId,
      },
      now,
    );
  });
  return { released: true };
}
