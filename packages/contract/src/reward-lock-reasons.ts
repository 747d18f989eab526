/** Why a member's new rewards are locked now (each condition of compliance that fails). */
export const lockReasons = [
  'SUBSCRIPTION_UNPAID',
  'EXCHANGE_UID_MISSING',
  'BALANCE_BELOW_MINIMUM',
  'NOT_COPYING',
] as const;
export type LockReason = (typeof lockReasons)[number];

/** Why rewards lock, one sentence a reason; the balance reason names the compliance line (USDT) the server applies. */
export function lockReasonTexts(minimumExchangeBalance: number | string): Record<LockReason, string> {
  return {
    SUBSCRIPTION_UNPAID: 'Your subscription is not paid.',
    EXCHANGE_UID_MISSING: 'No exchange account is linked.',
    BALANCE_BELOW_MINIMUM: `Your exchange balance is below ${minimumExchangeBalance} USDT.`,
    NOT_COPYING: 'You were not copying the master trader in the last cycle.',
  };
}

/** What the member does to meet each condition again, shown under its reason. */
export function lockReasonActions(minimumExchangeBalance: number | string): Record<LockReason, string> {
  return {
    SUBSCRIPTION_UNPAID: 'Pay the 10 USDT subscription on the onboarding page.',
    EXCHANGE_UID_MISSING: 'Link your BingX UID on the onboarding page.',
    BALANCE_BELOW_MINIMUM: `Deposit on BingX until your balance is ${minimumExchangeBalance} USDT or more.`,
    NOT_COPYING: "Copy the master trader on BingX, so that the next cycle's statement includes you.",
  };
}
