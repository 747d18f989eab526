import { errorTexts } from '@uplink/contract/error-codes';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../app-context';
import { moneyTransaction } from '../../db/money-transaction';
import type { Database, WithdrawalRow } from '../../db/schema';
import { isUuid } from '../../db/uuid';
import { DomainError } from '../../domain-error';
import { refuseHeldWithdrawals } from '../risk/risk-hold';
import { findSeenPayments, paymentSeen } from './payment-seen';
import { claimPayment, lockWithdrawal } from './withdrawals-repository';

export const withdrawalNotFound = () => new DomainError('WITHDRAWAL_NOT_FOUND', 'No such withdrawal.');
export const withdrawalAlreadyProcessed = () =>
  new DomainError('WITHDRAWAL_ALREADY_PROCESSED', 'This withdrawal has already been processed.');
export const paymentInProgress = (message = errorTexts.WITHDRAWAL_PAYMENT_IN_PROGRESS) =>
  new DomainError('WITHDRAWAL_PAYMENT_IN_PROGRESS', message);

export type PaymentClaim =
  /** The withdrawal is claimed for this payment: `taken` when this call took the claim. */
  | { claimed: WithdrawalRow; taken: boolean }
  /** It was decided already: nothing was claimed. */
  | { decided: WithdrawalRow };

/**
 * Whether a payment with this hash may decide a withdrawal whose claim stands: the claim's own
 * payment (an approval retried once confirmed), or any payment of a withdrawal its payout batch
 * claimed — a batch's files are paid by whatever Safe transaction the treasurer sends, which the
 * chain check then proves. Nothing without a hash (a rejection, a block, another demo payment).
 */
export function paysUnderClaim(
  claim: Pick<WithdrawalRow, 'payment_claim_hash' | 'payment_claim_batch'>,
  transactionHash: string | null,
): boolean {
  if (!transactionHash) return false;
  return claim.payment_claim_hash === transactionHash || claim.payment_claim_batch !== null;
}

/**
 * May this withdrawal be decided now by a decision that carries `transactionHash` (null for a
 * rejection or block)? Only while it is pending, and while it is claimed for payment only by a
 * claim that allows this payment (`paysUnderClaim`). The one answer that an administrator's
 * decision (`settleDecision`) and a risk review's blocks (`resolveRiskEvent`) both ask.
 */
export function mayBeDecidedNow(
  withdrawal: Pick<WithdrawalRow, 'status' | 'payment_claimed_at' | 'payment_claim_hash' | 'payment_claim_batch'>,
  transactionHash: string | null,
): boolean {
  if (withdrawal.status !== 'PENDING') return false;
  return !withdrawal.payment_claimed_at || paysUnderClaim(withdrawal, transactionHash);
}

/**
 * Claims a pending withdrawal for a payment, in a transaction of its own under the withdrawal's
 * row lock, and commits before any payment is sent or checked: from then on a rejection or block
 * is refused and no second payment can claim it. A member under risk review is refused
 * (MEMBER_UNDER_REVIEW): no payment starts. A payment the standing claim allows
 * (`paysUnderClaim`) takes it up again; any other is refused. A payment still to send (no hash)
 * is refused while a payment of the withdrawal is seen on chain (WITHDRAWAL_PAYMENT_SEEN).
 * `whenTaken` runs in the claim's transaction once this call took the claim (a refusal there takes
 * nothing).
 * @rule CLAIMED_FOR_PAYMENT
 */
export async function claimWithdrawalPayment(
  deps: Pick<AppContext, 'db' | 'clock' | 'integrations'>,
  administratorId: string,
  withdrawalId: string,
  transactionHash: string | null,
  whenTaken?: (trx: Kysely<Database>, claimed: WithdrawalRow) => Promise<void>,
): Promise<PaymentClaim> {
  if (!isUuid(withdrawalId)) throw withdrawalNotFound();
  // Where a release will look for the payment on chain: read before the claim, so nothing sent under it is missed.
  const block = await deps.integrations.depositChain?.headBlockNumber().catch(() => null);
  return moneyTransaction(deps.db, async (trx) => {
    const locked = await lockWithdrawal(trx, withdrawalId);
    if (!locked) throw withdrawalNotFound();
    if (locked.status !== 'PENDING') return { decided: locked };
    await refuseHeldWithdrawals(trx, [locked.id]);
    if (locked.payment_claimed_at) {
      if (paysUnderClaim(locked, transactionHash)) return { claimed: locked, taken: false };
      throw paymentInProgress();
    }
    // A payment to send (no hash of its own yet) never pays what the chain already shows paid.
    if (!transactionHash) {
      const seen = await findSeenPayments(trx, [locked.id]);
      if (seen.size > 0) throw paymentSeen(seen);
    }
    const claimed = await claimPayment(trx, withdrawalId, {
      by: administratorId,
      at: deps.clock.now(),
      block: block ?? null,
      transactionHash,
    });
    if (!claimed) throw paymentInProgress();
    await whenTaken?.(trx, claimed);
    return { claimed, taken: true };
  });
}
