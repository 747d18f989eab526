import type { Withdrawal, WithdrawalDecision } from '@uplink/contract/withdrawals';
import type { AppContext } from '../../app-context';
import { moneyTransaction } from '../../db/money-transaction';
import type { WithdrawalRow } from '../../db/schema';
import { isUuid } from '../../db/uuid';
import { DomainError, validationFailed } from '../../domain-error';
import type { RequestingAdministrator } from '../audit/requesting-administrator';
import { isLedgerOverdraft } from '../ledger/ledger-repository';
import { refuseHeldWithdrawals } from '../risk/risk-hold';
import { findSeenPayments, paymentSeen } from './payment-seen';
import { checkPayoutOnChain, findClaimedPaymentOnChain } from './payout-proof';
import { type DecisionToRecord, recordWithdrawalDecisions } from './record-withdrawal-decision';
import { recordSeenTreasuryTransfers } from './seen-treasury-transfers';
import {
  claimWithdrawalPayment,
  mayBeDecidedNow,
  paymentInProgress,
  withdrawalAlreadyProcessed,
  withdrawalNotFound,
} from './withdrawal-payment-claim';
import { toWithdrawal } from './withdrawal-record';
import { isTransactionUsed, lockWithdrawal, releaseClaim } from './withdrawals-repository';

export interface DecisionInput {
  status: WithdrawalDecision;
  /** Told to the member (a rejection's or block's reason, an approval's note). */
  reason?: string;
  /** For administrators only: never in the member's view or e-mail. */
  internalNote?: string;
  transactionHash?: string;
}

type DecisionDeps = Pick<AppContext, 'db' | 'clock' | 'config' | 'integrations' | 'mailWorker'>;

/**
 * An administrator's decision, once: APPROVED (paid: the hold is posted, after the payment is
 * found on chain), REJECTED or BLOCKED_COMPLIANCE (the hold is voided, the amount is available
 * again). A withdrawal already decided is refused as such (WITHDRAWAL_ALREADY_PROCESSED) before
 * anything asks the chain about a hash: a payment made after a rejection is the reconciliation's
 * to find and flag. An approval first claims the withdrawal for its payment
 * (`claimWithdrawalPayment`), so while the payment is checked on chain — or whenever a payment is
 * under way — a rejection or block is refused, and so it is while a treasury transfer on chain
 * pays the withdrawal, confirmed or not (WITHDRAWAL_PAYMENT_SEEN). The decision, the ledger settlement, the audit row
 * and the member's e-mail are one transaction under the withdrawal's row lock, so concurrent
 * decisions make exactly one.
 * @rule APPROVAL_NEEDS_BALANCE
 */
export async function decideWithdrawal(
  deps: DecisionDeps,
  administrator: RequestingAdministrator,
  withdrawalId: string,
  decision: DecisionInput,
): Promise<Withdrawal> {
  if (decision.status !== 'APPROVED') {
    // What the chain shows paid is not given back: the treasury's newest transfers are read first.
    await recordSeenTreasuryTransfers(deps, deps.integrations.depositChain);
    return settleDecision(deps, administrator, withdrawalId, decision, null);
  }
  const transactionHash = (decision.transactionHash ?? '').toLowerCase();
  const claim = await claimWithdrawalPayment(deps, administrator.id, withdrawalId, transactionHash);
  if ('decided' in claim) throw withdrawalAlreadyProcessed();
  let located: { logIndex: number } | null;
  try {
    located = await checkPayoutOnChain(deps, claim.claimed, transactionHash);
  } catch (error) {
    // A hash that pays nothing of this withdrawal proves no payment under way: its claim goes.
    // A payment found but not yet confirmed (or a chain that does not answer) keeps it.
    const claimedAt = claim.claimed.payment_claimed_at;
    if (
      claim.taken &&
      claimedAt &&
      isValidationFailure(error) &&
      !(await findClaimedPaymentOnChain(deps, claim.claimed))
    ) {
      await releaseClaim(deps.db, withdrawalId, claimedAt);
    }
    throw error;
  }
  return settleDecision(deps, administrator, withdrawalId, decision, {
    transactionHash,
    logIndex: located?.logIndex ?? null,
  });
}

const isValidationFailure = (error: unknown) => error instanceof DomainError && error.code === 'VALIDATION_ERROR';

async function settleDecision(
  deps: DecisionDeps,
  administrator: RequestingAdministrator,
  withdrawalId: string,
  decision: DecisionInput,
  payment: DecisionToRecord['payment'],
): Promise<Withdrawal> {
  const { db, clock } = deps;
  if (!isUuid(withdrawalId)) throw withdrawalNotFound();
  const decided = await moneyTransaction(db, async (trx) => {
    const locked = await lockWithdrawal(trx, withdrawalId);
    if (!locked) throw withdrawalNotFound();
    if (locked.status !== 'PENDING') throw withdrawalAlreadyProcessed();
    // Held by a risk review: rejected or blocked, never paid (checked again under the lock).
    if (decision.status === 'APPROVED') await refuseHeldWithdrawals(trx, [locked.id]);
    // A payment under way: only a payment it allows may decide (a released and retaken claim is another's).
    if (!mayBeDecidedNow(locked, payment?.transactionHash ?? null)) {
      throw paymentInProgress();
    }
    // Paid on chain, not yet confirmed: giving the amount back would pay it twice.
    if (decision.status !== 'APPROVED') {
      const seen = await findSeenPayments(trx, [locked.id]);
      if (seen.size > 0) throw paymentSeen(seen);
    }
    try {
      const [decided] = await recordWithdrawalDecisions(
        trx,
        deps,
        [
          {
            locked,
            decision: {
              status: decision.status,
              reason: decision.reason?.trim() || null,
              internalNote: decision.internalNote?.trim() || null,
              payment,
            },
          },
        ],
        { actorId: administrator.id, ipAddress: administrator.ipAddress, requestId: administrator.requestId },
        clock.now(),
      );
      return decided as WithdrawalRow;
    } catch (error) {
      if (isLedgerOverdraft(error)) {
        throw new DomainError(
          'INSUFFICIENT_BALANCE_FOR_APPROVAL',
          'The balance is too low to approve this withdrawal.',
        );
      }
      if (isTransactionUsed(error)) {
        throw validationFailed([
          { field: 'transactionHash', message: 'This transaction already proves another withdrawal' },
        ]);
      }
      throw error;
    }
  });
  deps.mailWorker.wake();
  return toWithdrawal(decided);
}
