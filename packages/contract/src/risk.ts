import { z } from 'zod';
import { wireMoneySchema } from './money';
import { oneOfSchema } from './one-of';
import { adminListPaginationSchema, pageLimitSchema, pageNumberSchema } from './paging';
import { riskResolutions } from './risk-texts';
import { safeText } from './safe-text';

export { type RiskResolution, riskResolutions, riskTexts } from './risk-texts';

/**
 * Risk review (issue 36): the sybil farms a deep referral plan attracts, flagged as the data
 * arrives, their money held while a high-severity event is open, and resolved by a person.
 */

export const riskRules = [
  'SHARED_WITHDRAWAL_WALLET',
  'EMAIL_ALIAS',
  'CIRCULAR_FUNDS',
  'SHARED_FUNDING_WALLET',
  'REGISTRATION_BURST',
  'DISPOSABLE_EMAIL',
] as const;
export type RiskRule = (typeof riskRules)[number];

/** Most severe first: the order the queue sorts by. */
export const riskSeverities = ['HIGH', 'MEDIUM', 'LOW'] as const;
export type RiskSeverity = (typeof riskSeverities)[number];

export const riskEventStatuses = ['OPEN', 'DISMISSED', 'CONFIRMED'] as const;
export type RiskEventStatus = (typeof riskEventStatuses)[number];

/** A member named by an event (or by its evidence). */
export const riskMemberSchema = z.object({
  _id: z.string(),
  userId: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
});
export type RiskMember = z.infer<typeof riskMemberSchema>;

/** One withdrawal in the evidence: who asked for it, how much, to where, when. */
const withdrawalEvidenceSchema = z.object({
  memberId: z.string(),
  withdrawalId: z.string(),
  amount: wireMoneySchema,
  /** As the member typed it (the rule compares it in lower case). */
  walletAddress: z.string(),
  requestedAt: z.string(),
});

/** One subscription payment in the evidence: whose, from which address, when. */
const fundingEvidenceSchema = z.object({
  memberId: z.string(),
  /** The address the payment came from. */
  fundingAddress: z.string(),
  transactionHash: z.string().nullable(),
  paidAt: z.string(),
});

/** One account in the evidence: its e-mail as registered, its sponsor and when it signed up. */
const accountEvidenceSchema = z.object({
  memberId: z.string(),
  email: z.string(),
  normalizedEmail: z.string(),
  /** The sponsor's `_id`, null for a member who joined without one. */
  sponsorId: z.string().nullable(),
  registeredAt: z.string(),
});

/**
 * The evidence of each rule, tagged by `rule`, in the shape the cluster view sets side by side:
 * the shared signal (`address`, `normalizedEmail`, `sponsorId`/`clientAddress`, `domain`) and, per
 * member, the records that carry it.
 */
export const riskEvidenceSchema = z.discriminatedUnion('rule', [
  z.object({
    rule: z.literal('SHARED_WITHDRAWAL_WALLET'),
    /** The withdrawal address, in lower case. */
    address: z.string(),
    withdrawals: z.array(withdrawalEvidenceSchema),
    /**
     * Withdrawals refused at request time (WALLET_ADDRESS_OF_ANOTHER_MEMBER): the address had
     * received payouts for another account. Absent from evidence recorded before they were kept.
     */
    attempts: z.array(z.object({ memberId: z.string(), attemptedAt: z.string() })).optional(),
  }),
  z.object({
    rule: z.literal('EMAIL_ALIAS'),
    normalizedEmail: z.string(),
    accounts: z.array(accountEvidenceSchema),
  }),
  z.object({
    rule: z.literal('CIRCULAR_FUNDS'),
    /** The withdrawal address, in lower case. */
    address: z.string(),
    withdrawals: z.array(withdrawalEvidenceSchema),
    /** Where the address came from: it paid a member's subscription, or it is a member's deposit address. */
    sources: z.array(
      z.object({
        memberId: z.string(),
        kind: z.enum(['FUNDED_SUBSCRIPTION', 'DEPOSIT_ADDRESS']),
        at: z.string(),
      }),
    ),
  }),
  z.object({
    rule: z.literal('SHARED_FUNDING_WALLET'),
    /** The paying address, in lower case. */
    address: z.string(),
    payments: z.array(fundingEvidenceSchema),
  }),
  z.object({
    rule: z.literal('REGISTRATION_BURST'),
    /** What the sign-ups share: a sponsor within an hour, or a client address within 24 hours. */
    basis: z.enum(['SPONSOR', 'CLIENT_ADDRESS']),
    /** The sponsor's `_id` (basis SPONSOR). */
    sponsorId: z.string().nullable(),
    /** The client address (basis CLIENT_ADDRESS); null once raw client addresses are deleted (90 days). */
    clientAddress: z.string().nullable(),
    /** The sign-ups of the burst, oldest first. */
    accounts: z.array(accountEvidenceSchema),
  }),
  z.object({
    rule: z.literal('DISPOSABLE_EMAIL'),
    domain: z.string(),
    accounts: z.array(accountEvidenceSchema),
  }),
]);
export type RiskEvidence = z.infer<typeof riskEvidenceSchema>;
export type RiskEvidenceOf<Rule extends RiskRule> = Extract<RiskEvidence, { rule: Rule }>;

/**
 * A member as an event names them. `earlierHolder`: at the event's address first, by their own
 * earlier act (SHARED_WITHDRAWAL_WALLET, CIRCULAR_FUNDS): named, not held — only those who came to
 * the address later are — unless an administrator extended the hold to them (`holdExtended`).
 */
export const riskEventMemberSchema = riskMemberSchema.extend({
  earlierHolder: z.boolean(),
  holdExtended: z.boolean(),
});
export type RiskEventMember = z.infer<typeof riskEventMemberSchema>;

export const riskEventSchema = z.object({
  _id: z.string(),
  rule: z.enum(riskRules),
  severity: z.enum(riskSeverities),
  status: z.enum(riskEventStatuses),
  /** The cluster's first 500 members, in the order they joined it (a burst may gather thousands). */
  members: z.array(riskEventMemberSchema),
  /** Every member the event names, listed or not. */
  memberCount: z.number().int().nonnegative(),
  evidence: riskEvidenceSchema,
  createdAt: z.string(),
  resolvedAt: z.string().nullable(),
  /** The resolving administrator's name, null while open. */
  resolvedBy: z.string().nullable(),
  note: z.string().nullable(),
});
export type RiskEvent = z.infer<typeof riskEventSchema>;

/** `GET /admin/risk/events`: newest first within severity, most severe first. */
export const riskEventsQuerySchema = z.object({
  status: oneOfSchema('Status', riskEventStatuses).optional(),
  severity: oneOfSchema('Severity', riskSeverities).optional(),
  rule: oneOfSchema('Rule', riskRules).optional(),
  page: pageNumberSchema,
  limit: pageLimitSchema(20),
});
export type RiskEventsQuery = Partial<z.output<typeof riskEventsQuerySchema>>;

export const riskEventsSchema = z.object({
  events: z.array(riskEventSchema),
  pagination: adminListPaginationSchema,
  /** Over every event, whatever the filter: how many are open, how many of those high. */
  statistics: z.object({ open: z.number().int(), openHigh: z.number().int() }),
});
export type RiskEvents = z.infer<typeof riskEventsSchema>;

/** `POST /admin/risk/events/{id}/resolve`. */
export const resolveRiskEventSchema = z.object({
  resolution: z.enum(riskResolutions, { error: 'Resolution must be DISMISSED or CONFIRMED' }),
  note: safeText('Note').trim().min(1, 'A note is required').max(500, 'The note is at most 500 characters'),
});
export type ResolveRiskEventRequest = z.input<typeof resolveRiskEventSchema>;

/** `POST /admin/risk/events/{id}/members/{memberId}/hold`: the event as it now stands. */
export const extendRiskHoldSchema = z.object({
  note: safeText('Note').trim().min(1, 'A note is required').max(500, 'The note is at most 500 characters'),
});
export type ExtendRiskHoldRequest = z.input<typeof extendRiskHoldSchema>;

/** The answer of a resolve: the event as it now stands and the withdrawals a confirmation blocked. */
export const riskResolutionResultSchema = z.object({
  event: riskEventSchema,
  blockedWithdrawals: z.number().int(),
  lockedMembers: z.number().int(),
});
export type RiskResolutionResult = z.infer<typeof riskResolutionResultSchema>;

/**
 * A member's risk mark on admin lists (users, withdrawals), the user detail and the withdrawal
 * review: null when no event naming them is open. `held`: an open high-severity event holds their
 * withdrawals (approval, batching, export and payment answer `MEMBER_UNDER_REVIEW`).
 */
export const riskMarkSchema = z
  .object({
    severity: z.enum(riskSeverities),
    held: z.boolean(),
    openEvents: z.number().int(),
    rules: z.array(z.enum(riskRules)),
  })
  .nullable();
export type RiskMark = z.infer<typeof riskMarkSchema>;

/** A member's events on `GET /users/admin/{id}`, newest first. */
export const memberRiskEventSchema = riskEventSchema.pick({
  _id: true,
  rule: true,
  severity: true,
  status: true,
  createdAt: true,
  resolvedAt: true,
});
export type MemberRiskEvent = z.infer<typeof memberRiskEventSchema>;

/** What each rule means, for administrators (never shown to members). */
export const riskRuleTexts: Record<RiskRule, { title: string; description: string }> = {
  SHARED_WITHDRAWAL_WALLET: {
    title: 'Shared withdrawal wallet',
    description: 'Members withdrew to the same address.',
  },
  EMAIL_ALIAS: {
    title: 'E-mail alias',
    description:
      'The e-mail addresses are aliases of one mailbox (dots, +tags or googlemail.com removed): high at providers known to ignore +tags, medium where they differ only by a +tag elsewhere.',
  },
  CIRCULAR_FUNDS: {
    title: 'Circular funds',
    description:
      "A withdrawal goes to an address that paid another member's subscription, or to a member's deposit address.",
  },
  SHARED_FUNDING_WALLET: {
    title: 'Shared funding wallet',
    description: 'The subscriptions were paid from the same address.',
  },
  REGISTRATION_BURST: {
    title: 'Registration burst',
    description: 'Many sign-ups under one sponsor within an hour, or from one client address within 24 hours.',
  },
  DISPOSABLE_EMAIL: {
    title: 'Disposable e-mail',
    description: 'The e-mail domain is a disposable-mailbox provider.',
  },
};

export const riskSeverityLabels: Record<RiskSeverity, string> = {
  HIGH: 'High',
  MEDIUM: 'Medium',
  LOW: 'Low',
};

export const riskEventStatusLabels: Record<RiskEventStatus, string> = {
  OPEN: 'Open',
  DISMISSED: 'Dismissed',
  CONFIRMED: 'Confirmed',
};
