/*
 * The withdrawal statuses and the member screens' texts, without the schemas: a screen that only
 * shows them loads neither zod, decimal.js nor @noble/hashes (withdrawals.ts forwards them).
 */

export const withdrawalStatuses = ['PENDING', 'APPROVED', 'REJECTED', 'BLOCKED_COMPLIANCE'] as const;
export type WithdrawalStatus = (typeof withdrawalStatuses)[number];
export type WithdrawalDecision = Exclude<WithdrawalStatus, 'PENDING'>;

export const withdrawalTexts = {
  fillRequired: 'Please fill in all required fields',
  invalidAddress: 'Please enter a valid wallet address',
  addressFormatInvalid: 'Invalid wallet address format',
  addressValid: 'Valid wallet address',
  invalidAmount: 'Invalid withdrawal amount',
  amountTooSmall: 'Enter an amount of at least 0.01 USDT',
  amountDecimals: 'Use at most 2 decimals',
  /** `available` as screens write money ("28.10"). */
  amountOverBalance: (available: string) => `The amount is more than your available balance (${available} USDT)`,
  enterOtp: 'Please enter the OTP code.',
  requestOtpFailed: 'Failed to request OTP',
  verifyOtpFailed: 'Failed to verify OTP',
  invalidOtp: 'Invalid OTP code',
  submitFailed: 'Failed to submit withdrawal request',
  emptyHistory: 'No withdrawals found',
  loadFailed: 'Failed to fetch withdrawals',
  loadError: 'An error occurred while fetching withdrawals',
  paymentUnderWay: 'Payment under way',
  paymentSeen: 'Payment sent — waiting for confirmations',
} as const;

/**
 * What a decision's member-visible text (`reason`) is, as the member's history, the decision
 * e-mail and the review label it: an approval's is a note to the member, a rejection's or block's
 * the reason for it.
 */
export function decisionTextLabel(status: WithdrawalStatus): 'Note' | 'Reason' {
  return status === 'APPROVED' ? 'Note' : 'Reason';
}
