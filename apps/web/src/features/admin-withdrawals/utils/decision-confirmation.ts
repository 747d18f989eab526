import { formatDateTime, formatUsdt, fullName, shortenAdminWallet, shortenHash } from '@uplink/contract/format';
import type {
  AdminWithdrawal,
  WithdrawalDecision,
  WithdrawalDecisionRequest,
  WithdrawalReview,
} from '@uplink/contract/withdrawals';
import type { ConfirmedDetail } from '../../../components/confirm-action-dialog';

/** Whom a withdrawal pays, how much and where: what every confirmation of it names first. */
export function withdrawalDetails(withdrawal: AdminWithdrawal): ConfirmedDetail[] {
  return [
    { label: 'Member', value: `${fullName(withdrawal.user)} · ${withdrawal.user.userId}` },
    { label: 'Amount', value: formatUsdt(withdrawal.amount) },
    { label: 'Wallet', value: shortenAdminWallet(withdrawal.walletAddress) },
  ];
}

const verbs: Record<WithdrawalDecision, { action: string; done: string }> = {
  APPROVED: { action: 'Approve', done: 'approved' },
  REJECTED: { action: 'Reject', done: 'rejected' },
  BLOCKED_COMPLIANCE: { action: 'Block', done: 'blocked for compliance' },
};

/** The confirmation of a decision: the withdrawal, what goes with the decision, and what follows from it. */
export function decisionConfirmation(decision: WithdrawalDecisionRequest, withdrawal: AdminWithdrawal) {
  const amount = formatUsdt(withdrawal.amount);
  const member = fullName(withdrawal.user);
  const approving = decision.status === 'APPROVED';
  const sent: ConfirmedDetail[] = [
    ...(decision.transactionHash ? [{ label: 'Transaction', value: shortenHash(decision.transactionHash) }] : []),
    ...(decision.reason ? [{ label: approving ? 'Note to the member' : 'Reason', value: decision.reason }] : []),
  ];
  return {
    title: `${verbs[decision.status].action} this withdrawal?`,
    details: [...withdrawalDetails(withdrawal), ...sent],
    consequence: approving
      ? `The payment is recorded: ${amount} leaves ${member}'s balance as withdrawn, and ${member} is e-mailed the decision with its transaction. A decision is final.`
      : `The hold is released: ${amount} goes back to ${member}'s available balance, and ${member} is e-mailed the reason. A decision is final.`,
    confirmLabel: `${verbs[decision.status].action} ${amount}`,
  };
}

/** "Already approved by reconciliation at Mar 2, 2026, 02:02 PM": who decided a withdrawal meanwhile, and when. */
export function alreadyDecided(review: WithdrawalReview): string {
  const { withdrawal, decidedBy } = review;
  const done = withdrawal.status === 'PENDING' ? 'decided' : verbs[withdrawal.status].done;
  const by =
    decidedBy?.kind === 'TREASURY_RECONCILIATION' ? 'reconciliation' : (decidedBy?.name ?? 'another administrator');
  return `Already ${done} by ${by} at ${formatDateTime(withdrawal.processedAt)}.`;
}
