/*
 * The risk screens' texts, without the schemas: a member screen that only shows them loads
 * neither zod nor decimal.js (risk.ts forwards them).
 */

/**
 * How a person resolves an open event. Here, beside the texts that name it, so that risk.ts (which
 * forwards both) depends on this file and not the other way round.
 */
export const riskResolutions = ['DISMISSED', 'CONFIRMED'] as const;
export type RiskResolution = (typeof riskResolutions)[number];

export const riskTexts = {
  /** The member's own pending withdrawal while it is held: nothing about rules. */
  memberPendingUnderReview: 'Pending — under review',
  /** The neutral reason a member reads when a confirmation blocks their withdrawal. */
  memberBlockedReason: 'This withdrawal could not be processed. Please contact support.',
  /** In place of approving and paying a held withdrawal on its review. */
  heldInPlace: 'Held: the member is under risk review',
  /** The banner on the withdrawal review of a held member. */
  reviewBanner: 'This member is under risk review: the withdrawal is held until the event is resolved.',
  emptyQueue: 'No risk events',
  loadFailed: 'Failed to fetch risk events',
  confirmQuestion: 'Confirm this event? Its members are locked and their pending withdrawals blocked.',
  dismissQuestion: 'Dismiss this event? Its hold is released and the same evidence never raises it again.',
  resolved: (resolution: RiskResolution) => (resolution === 'CONFIRMED' ? 'Event confirmed' : 'Event dismissed'),
  /** A member at the event's address first: named, not held. */
  earlierHolder: 'Earlier holder',
  holdExtended: 'Earlier holder · hold extended',
  extendHold: 'Extend the hold',
  holdExtendedDone: 'The hold now covers this member',
} as const;
