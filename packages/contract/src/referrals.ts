import { z } from 'zod';
import { referralHistoryPageSize, referralLevels, userStatuses } from './constants';
import { oneOfSchema } from './one-of';
import { pageNumberSchema, paginationSchema } from './paging';
import { rewardFiguresSchema } from './reward-figures';
import { queryInteger } from './whole-number';

export { referralTexts, referralTreeExpandedLevels } from './referral-texts';

/**
 * Referral network: the history of a member's downline (GET /users/referrals/history) and their
 * referral tree (GET /users/referral-tree). The caller is always the root; levels are relative
 * to the caller (1 = their direct referrals) and never exceed 15.
 *
 * Out-of-range query values are refused with VALIDATION_ERROR rather than clamped, so a client
 * bug shows up instead of silently returning a different page or level than asked for.
 */

/** The largest page the history answers with: enough for any screen, small enough to stay fast. */
export const referralHistoryMaxLimit = 100;

/**
 * The most nodes one referral-tree response carries. Levels are filled breadth first, so every
 * returned node's sponsor is returned too; a response cut at this size says `truncated: true`.
 */
export const referralTreeNodeLimit = 2000;

const level = (name: string) =>
  queryInteger(
    z
      .number({ error: `${name} must be a number` })
      .int(`${name} must be a whole number`)
      .min(1, `${name} must be between 1 and ${referralLevels}`)
      .max(referralLevels, `${name} must be between 1 and ${referralLevels}`),
  );

export const referralHistoryQuerySchema = z.object({
  page: pageNumberSchema,
  limit: queryInteger(
    z
      .number({ error: 'Limit must be a number' })
      .int('Limit must be a whole number')
      .min(1, `Limit must be between 1 and ${referralHistoryMaxLimit}`)
      .max(referralHistoryMaxLimit, `Limit must be between 1 and ${referralHistoryMaxLimit}`),
  ).default(referralHistoryPageSize),
  status: oneOfSchema('Status', userStatuses).optional(),
  /** Exactly this level. */
  level: level('Level').optional(),
  /** Levels 1 to this one. Combined with `level`, both must hold. */
  maxLevel: level('Max level').optional(),
});
/** What a client may send (every field optional; the server fills the defaults). */
export type ReferralHistoryQuery = Partial<z.output<typeof referralHistoryQuerySchema>>;

export const referralSchema = z.object({
  _id: z.string(),
  userId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  name: z.string(),
  email: z.string(),
  level: z.number().int(),
  status: z.enum(userStatuses),
  subscriptionPaid: z.boolean(),
  subscriptionTimestamp: z.string().nullable(),
  bingxLinked: z.boolean(),
  joinedAt: z.string(),
});
export type Referral = z.infer<typeof referralSchema>;

/** Counted over every referral that matches the filters, not only the page. */
export const referralStatisticsSchema = z.object({
  totalReferrals: z.number().int(),
  /** Referrals whose account status is ACTIVE. */
  activeReferrals: z.number().int(),
  bingxLinked: z.number().int(),
  paidSubscriptions: z.number().int(),
});
export type ReferralStatistics = z.infer<typeof referralStatisticsSchema>;

export const referralHistorySchema = z.object({
  referrals: z.array(referralSchema),
  statistics: referralStatisticsSchema,
  pagination: paginationSchema,
});
export type ReferralHistory = z.infer<typeof referralHistorySchema>;

export const referralTreeQuerySchema = z.object({
  maxLevels: level('Max levels').default(referralLevels),
});
export type ReferralTreeQuery = Partial<z.output<typeof referralTreeQuerySchema>>;

export interface ReferralTreeNode {
  _id: string;
  userId: string;
  firstName: string;
  lastName: string;
  email: string;
  /** Level below the caller, 1..maxLevels. */
  level: number;
  hasChildren: boolean;
  children: ReferralTreeNode[];
  /**
   * Members below this node within the caller's 15 levels — the whole downline, whatever
   * `maxLevels` shows (its `children` stop there; `hasChildren` says whether there are any).
   */
  totalDescendants: number;
  /**
   * What the caller earned from this member (the exact sum of the rewards whose source is this
   * member, forfeited ones included: the tree's `figures` line accounts for them), in USDT.
   */
  totalRewards: number;
}

export const referralTreeNodeSchema: z.ZodType<ReferralTreeNode> = z.object({
  _id: z.string(),
  userId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  level: z.number().int(),
  hasChildren: z.boolean(),
  get children() {
    return z.array(referralTreeNodeSchema);
  },
  totalDescendants: z.number().int(),
  totalRewards: z.number(),
});

export const referralTreeStatisticsSchema = z.object({
  totalReferrals: z.number().int(),
  directReferrals: z.number().int(),
  indirectReferrals: z.number().int(),
  maxDepthReached: z.number().int(),
  totalEarningsFromTree: z.number(),
  averageEarningsPerReferral: z.number(),
});
export type ReferralTreeStatistics = z.infer<typeof referralTreeStatisticsSchema>;

export const referralTreeSchema = z.object({
  userInfo: z.object({ firstName: z.string(), lastName: z.string(), email: z.string(), userId: z.string() }),
  referralTree: z.array(referralTreeNodeSchema),
  /** Over the whole downline (15 levels), whatever `maxLevels` shows and also when the nodes were truncated. */
  statistics: referralTreeStatisticsSchema,
  /** The exact sum of every node's rewards and how the ledger holds it, with the line shown under the tree. */
  figures: rewardFiguresSchema,
  maxLevels: z.number().int(),
  /** True when the tree had more than `nodeLimit` nodes and only the first levels were returned. */
  truncated: z.boolean(),
  nodeLimit: z.number().int(),
});
export type ReferralTree = z.infer<typeof referralTreeSchema>;
