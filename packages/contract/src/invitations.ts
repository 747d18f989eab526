import { z } from 'zod';
import { referralCodeSchema } from './accounts';
import { userStatuses } from './constants';
import { daySchema, fromAfterTo } from './days';
import { formatMoney } from './format';
import { type InviteeStage, inviteeStages } from './invitee-stages';
import { oneOfSchema } from './one-of';
import { pageNumberSchema, paginationSchema } from './paging';
import { queryInteger } from './whole-number';

export { type InviteeStage, inviteeStageLabels, inviteeStages } from './invitee-stages';

/**
 * The invitation funnel (issue 45): the visits of a member's link, where each of their level-1
 * invitees stands, and the reminders a member sends them. Days are calendar days in UTC.
 */

/** The steps of the funnel, in order; each counts the invitees at its stage or beyond (partly paid apart). */
export const funnelSteps = [
  'VISITED',
  'REGISTERED',
  'EMAIL_VERIFIED',
  'SUBSCRIPTION_PAID',
  'UID_LINKED',
  'ELIGIBLE',
  'EARNING',
] as const;
export type FunnelStep = (typeof funnelSteps)[number];

export const funnelStepLabels: Record<FunnelStep, string> = {
  VISITED: 'Link visits',
  REGISTERED: 'Registered',
  EMAIL_VERIFIED: 'E-mail verified',
  SUBSCRIPTION_PAID: 'Subscription paid',
  UID_LINKED: 'BingX UID linked',
  ELIGIBLE: 'Eligible',
  EARNING: 'Earning',
};

/** A reminder to one invitee at most this often, and at most `remindersPerDay` a member in 24 hours. */
export const reminderIntervalHours = 72;
export const remindersPerDay = 20;

/** Links with fewer unique visits are left out of the best-converting ones (migration 0270 indexes the same). */
export const bestLinksMinimumVisits = 20;

/** `from`/`to` days, both optional, both ends included; `from` on or before `to`. */
const dayRange = z.object({ from: daySchema('From').optional(), to: daySchema('To').optional() });
const orderedRange = <T extends { from?: string; to?: string }>(range: T) =>
  range.from === undefined || range.to === undefined || range.from <= range.to;

/** `GET /referrals/funnel`: without `from`, since the member's first invitee; without `to`, until today. */
export const funnelQuerySchema = dayRange.refine(orderedRange, { error: fromAfterTo, path: ['to'] });
export type FunnelQuery = z.input<typeof funnelQuerySchema>;

export const funnelStepSchema = z.object({
  step: z.enum(funnelSteps),
  label: z.string(),
  count: z.number().int(),
  /** Of the step before (visits: of the visits, the registrations that came through the link); null without one. */
  conversion: z.number().nullable(),
});
export type FunnelStepCount = z.infer<typeof funnelStepSchema>;

export const funnelSchema = z.object({
  /** The days covered: `from` null means from the first one counted. */
  from: z.string().nullable(),
  to: z.string(),
  steps: z.array(funnelStepSchema),
  /** Invitees who paid part of the subscription and not the rest, counted apart from the steps. */
  partlyPaid: z.number().int(),
  /** Registrations that came through the link (the rest typed the code in). */
  registeredThroughLink: z.number().int(),
});
export type Funnel = z.infer<typeof funnelSchema>;

/** Invitees per stage (partly paid too) and the visits: what the funnel is built from. */
export interface FunnelCounts {
  visits: number;
  throughLink: number;
  stages: Record<InviteeStage, number>;
}

const rank = (stage: InviteeStage) => inviteeStages.indexOf(stage);
const conversionOf = (count: number, before: number) => (before > 0 ? count / before : null);

/**
 * @rule FUNNEL_STEPS: each step counts the invitees at its stage or beyond (a partly paid invitee
 * has verified their e-mail and not paid), and converts from the step before; registration
 * converts from the visits through the registrations that came by the link.
 */
export function funnelOf(counts: FunnelCounts): Pick<Funnel, 'steps' | 'partlyPaid' | 'registeredThroughLink'> {
  const atOrBeyond = (step: InviteeStage) =>
    inviteeStages.filter((stage) => rank(stage) >= rank(step)).reduce((sum, stage) => sum + counts.stages[stage], 0);
  const steps: FunnelStepCount[] = [];
  for (const step of funnelSteps) {
    const count = step === 'VISITED' ? counts.visits : atOrBeyond(step);
    const before = steps.at(-1);
    const conversion =
      step === 'VISITED'
        ? null
        : step === 'REGISTERED'
          ? conversionOf(counts.throughLink, counts.visits)
          : conversionOf(count, before?.count ?? 0);
    steps.push({ step, label: funnelStepLabels[step], count, conversion });
  }
  return { steps, partlyPaid: counts.stages.PARTLY_PAID, registeredThroughLink: counts.throughLink };
}

export const inviteesQuerySchema = z.object({
  stage: oneOfSchema('Stage', inviteeStages).optional(),
  page: pageNumberSchema,
  limit: queryInteger(
    z
      .number({ error: 'Limit must be a number' })
      .int('Limit must be a whole number')
      .min(1, 'Limit must be between 1 and 100')
      .max(100, 'Limit must be between 1 and 100'),
  ).default(10),
});
export type InviteesQuery = Partial<z.output<typeof inviteesQuerySchema>>;

/** An invitee as the referral history shows them to their sponsor, with where they stand: no UID, wallet or balance. */
export const inviteeSchema = z.object({
  _id: z.string(),
  userId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  name: z.string(),
  email: z.string(),
  status: z.enum(userStatuses),
  joinedAt: z.string(),
  stage: z.enum(inviteeStages),
  stageLabel: z.string(),
  stageSince: z.string(),
  /** What they still need to do, in words; null once they are earning. */
  needs: z.string().nullable(),
  /** When the sponsor may remind them (now or later); null when no reminder can go (why: `reminderWithheld`). */
  remindableAt: z.string().nullable(),
  /** Why no reminder can go to them: unsubscribed, nothing left to do, or an account not active. */
  reminderWithheld: z.string().nullable(),
});
export type Invitee = z.infer<typeof inviteeSchema>;

export const inviteesSchema = z.object({
  invitees: z.array(inviteeSchema),
  pagination: paginationSchema,
});
export type Invitees = z.infer<typeof inviteesSchema>;

/** `POST /referrals/invitees/{id}/remind`: what was sent and when the next reminder may go. */
export const reminderSchema = z.object({
  inviteeId: z.string(),
  sentAt: z.string(),
  nextStep: z.string(),
  remindableAt: z.string(),
});
export type Reminder = z.infer<typeof reminderSchema>;

/** `REMINDER_TOO_SOON`'s data: when a reminder is allowed again, and which limit held it back. */
export const reminderTooSoonSchema = z.object({
  allowedAt: z.string(),
  limit: z.enum(['INVITEE', 'DAILY']),
});

/** `POST /referrals/visits`: a visit of the link of `referralCode`. */
export const linkVisitRequestSchema = z.strictObject({ referralCode: referralCodeSchema });
/** Who invited the visitor, as a sponsor may be shown publicly: a first name, never an e-mail. */
export const linkVisitSchema = z.object({ referralCode: z.string(), inviterFirstName: z.string() });
export type LinkVisit = z.infer<typeof linkVisitSchema>;

/** A week's funnel of the network (or of one member's link) in the admin report. */
export const funnelWeekSchema = z.object({
  weekStart: z.string(),
  steps: z.array(funnelStepSchema),
  partlyPaid: z.number().int(),
});

export const bestLinkSchema = z.object({
  _id: z.string(),
  userId: z.string(),
  name: z.string(),
  visits: z.number().int(),
  registered: z.number().int(),
  paid: z.number().int(),
  /** Paid invitees per unique visit. */
  conversion: z.number(),
});
export type BestLink = z.infer<typeof bestLinkSchema>;

/** The longest period the admin report covers: a year of weeks. */
export const adminFunnelMaxWeeks = 53;

export const adminFunnelQuerySchema = dayRange
  .extend({
    groupBy: oneOfSchema('Group by', ['week'] as const).default('week'),
    /** One member's link instead of the network. */
    memberId: z.uuid({ error: 'Member must be a member id' }).optional(),
  })
  .refine(orderedRange, { error: fromAfterTo, path: ['to'] });
export type AdminFunnelQuery = z.input<typeof adminFunnelQuerySchema>;

export const adminFunnelSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** The member whose link this is; null for the network. */
  memberId: z.string().nullable(),
  total: funnelSchema,
  weeks: z.array(funnelWeekSchema),
  /** The links converting visits into paid invitees best, all time, with at least `bestLinksMinimumVisits` visits; empty for one member. */
  bestLinks: z.array(bestLinkSchema),
});
export type AdminFunnel = z.infer<typeof adminFunnelSchema>;

/** The words of what an invitee still needs, by stage; amounts come from the server. */
export const inviteeNeeds = {
  REGISTERED: 'E-mail address not verified yet',
  EMAIL_VERIFIED: (fee: number) => `Subscription not paid: ${formatMoney(fee)} USDT due`,
  PARTLY_PAID: (due: number, fee: number) =>
    `${formatMoney(due, { rounding: 'ceil' })} of ${formatMoney(fee)} USDT still due`,
  SUBSCRIPTION_PAID: 'BingX UID not linked yet',
  kycIncomplete: 'KYC not complete on the exchange',
  /** `minimum` as the server's setting writes it ("100"). */
  balanceLow: (minimum: string) => `Exchange balance below ${minimum} USD: rewards locked`,
  ELIGIBLE: 'Not copying the master trader in the last cycle',
} as const;

/** The next step a reminder names, by stage (the mail's words and its button). */
export const reminderSteps = {
  REGISTERED: { step: 'verify your e-mail address', action: 'Verify your e-mail', path: '/verify-email' },
  EMAIL_VERIFIED: { step: 'pay the subscription', action: 'Pay the subscription', path: '/onboarding' },
  PARTLY_PAID: { step: 'pay the rest of the subscription', action: 'Pay the rest', path: '/onboarding' },
  SUBSCRIPTION_PAID: { step: 'link your BingX UID', action: 'Link your BingX UID', path: '/onboarding' },
  UID_LINKED: { step: 'meet the exchange conditions', action: 'See your rewards', path: '/rewards' },
  ELIGIBLE: { step: 'copy the master trader', action: 'Open your dashboard', path: '/dashboard' },
} as const satisfies Record<Exclude<InviteeStage, 'EARNING'>, { step: string; action: string; path: string }>;
