import { toWireMoney } from '@uplink/contract/money';
import type { RiskMark } from '@uplink/contract/risk';
import type { AdminWithdrawal, Withdrawal } from '@uplink/contract/withdrawals';
import { toMemberSummary } from '../../db/member-summary';
import type { WithdrawalRow } from '../../db/schema';
import type { AdminWithdrawalRow } from './withdrawals-repository';

/**
 * A withdrawal as the API answers it; `memberHeld`: an open high-severity risk event holds the
 * member's withdrawals, so a pending one reads "Pending — under review"; `seenIn`: the transaction
 * paying it seen on chain (`findSeenPayments`), for the member's views.
 */
export function toWithdrawal(row: WithdrawalRow, memberHeld = false, seenIn: string | null = null): Withdrawal {
  return {
    _id: row.id,
    amount: toWireMoney(row.amount),
    walletAddress: row.wallet_address,
    asset: 'USDT',
    status: row.status,
    reason: row.reason,
    requestedAt: row.requested_at.toISOString(),
    processedAt: row.processed_at?.toISOString() ?? null,
    transactionHash: row.transaction_hash,
    paymentUnderWay: row.payment_claimed_at !== null,
    paymentSeenIn: row.status === 'PENDING' ? seenIn : null,
    underReview: memberHeld && row.status === 'PENDING',
  };
}

/** What the audit log keeps of a decided withdrawal: what the member sees, and the internal note. */
export function toAuditedWithdrawal(row: WithdrawalRow): Withdrawal & { internalNote: string | null } {
  return { ...toWithdrawal(row), internalNote: row.internal_note };
}

/** A withdrawal with its member and the member's risk mark, as administrators see it. */
export function toAdminWithdrawal(row: AdminWithdrawalRow, risk: RiskMark): AdminWithdrawal {
  return {
    ...toWithdrawal(row, risk?.held ?? false, row.payment_seen_in),
    inOpenBatch: row.in_open_batch,
    internalNote: row.internal_note,
    risk,
    user: toMemberSummary(row),
  };
}
