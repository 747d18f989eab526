/**
 * The ledger's vocabulary. A member's balance is four totals:
 * credits posted (Total Earned), credits pending (locked rewards), debits posted (Total Withdrawn)
 * and debits pending (withdrawals on hold); available = credits posted − debits posted − debits pending.
 */
export const ledgerEntryKinds = [
  /** A reward credited: available at once. */
  'CREDIT_POSTED',
  /** A reward earned while not compliant: locked until released or forfeited. */
  'CREDIT_PENDING',
  /** A locked reward released (settles a CREDIT_PENDING). */
  'CREDIT_RELEASED',
  /** A locked reward forfeited after the compliance window (settles a CREDIT_PENDING). */
  'CREDIT_FORFEITED',
  /** Posted credit taken back (at most the available balance), e.g. the rewards of a deleted member. */
  'CREDIT_REVERSED',
  /** A withdrawal's hold. */
  'DEBIT_PENDING',
  /** A withdrawal paid (settles a DEBIT_PENDING). */
  'DEBIT_SETTLED',
  /** A withdrawal rejected or blocked: the hold is released (settles a DEBIT_PENDING). */
  'DEBIT_VOIDED',
] as const;
export type LedgerEntryKind = (typeof ledgerEntryKinds)[number];

/** Kinds that open a movement; each is booked at most once per account and reason. */
export type OpeningLedgerEntryKind = Extract<
  LedgerEntryKind,
  'CREDIT_POSTED' | 'CREDIT_PENDING' | 'CREDIT_REVERSED' | 'DEBIT_PENDING'
>;

/** How a pending entry ends: posted (released, settled) or voided (forfeited, voided). */
export type LedgerSettlement = 'POST' | 'VOID';

/** What an entry is for; with the reason's id it names the one event that may book it. */
export const ledgerReasonTypes = [
  'REWARD',
  'REWARD_CYCLE',
  'WITHDRAWAL',
  'ACCOUNT_CLOSURE',
  'CENTS_CONVERSION',
] as const;
export type LedgerReasonType = (typeof ledgerReasonTypes)[number];

/** What each kind of ledger entry means, in the administrators' words. */
export const ledgerEntryKindLabels: Record<LedgerEntryKind, string> = {
  CREDIT_POSTED: 'Reward credited',
  CREDIT_PENDING: 'Reward locked',
  CREDIT_RELEASED: 'Locked reward released',
  CREDIT_FORFEITED: 'Locked reward forfeited',
  CREDIT_REVERSED: 'Credit taken back',
  DEBIT_PENDING: 'Withdrawal on hold',
  DEBIT_SETTLED: 'Withdrawal paid',
  DEBIT_VOIDED: 'Withdrawal hold released',
};

/** What a ledger entry is for, in words. */
export const ledgerReasonTypeLabels: Record<LedgerReasonType, string> = {
  REWARD: 'Referral reward',
  REWARD_CYCLE: 'Reward cycle',
  WITHDRAWAL: 'Withdrawal',
  ACCOUNT_CLOSURE: 'Account closure',
  CENTS_CONVERSION: 'Sub-cent remainder carried to the next credit',
};

/** A kind as the API sends it (any text): in words where it is known, as sent otherwise. */
export function ledgerEntryKindLabel(kind: string): string {
  return ledgerEntryKindLabels[kind as LedgerEntryKind] ?? kind;
}

/** A reason type as the API sends it: in words where it is known, as sent otherwise. */
export function ledgerReasonTypeLabel(reasonType: string): string {
  return ledgerReasonTypeLabels[reasonType as LedgerReasonType] ?? reasonType;
}
