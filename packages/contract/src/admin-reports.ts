import { z } from 'zod';
import { adminPageSize, userStatuses } from './constants';
import { memberSummarySchema } from './member-summary';
import { wireMoneySchema } from './money';
import { oneOfSchema } from './one-of';
import { adminListPaginationSchema, pageLimitSchema, pageNumberSchema, searchSchema } from './paging';

/**
 * `GET /users/admin/reports`: members not deleted, newest first, each with figures computed from
 * their real activity. The search is a case-insensitive substring of name, e-mail, user ID or
 * referral code.
 */
export const memberReportsQuerySchema = z.object({
  page: pageNumberSchema,
  limit: pageLimitSchema(adminPageSize),
  search: searchSchema,
  status: oneOfSchema('Status', userStatuses).optional(),
});
/** What a client may send (every field optional; the server fills the defaults). */
export type MemberReportsQuery = Partial<z.output<typeof memberReportsQuerySchema>>;

export const memberReportSchema = z.object({
  ...memberSummarySchema.shape,
  status: z.enum(userStatuses),
  isAdmin: z.boolean(),
  joinedAt: z.string(),
  /** Withdrawals waiting for a decision: how many, and the amount they hold. */
  pendingWithdrawals: z.object({ count: z.number().int(), amount: wireMoneySchema }),
  availableBalance: wireMoneySchema,
  /**
   * What the member's copy trading paid the master trader, summed over every cycle's statement.
   * The exchange reports no trading volume: this is the figure the trading rewards are computed from.
   */
  totalMasterAmount: wireMoneySchema,
  /** The mean percent of the member's rewards (every state); null while they have none. */
  avgRewardPercentage: z.number().min(0).max(100).nullable(),
  /** DOWNLINE rewards credited (posted, or released after a lock). */
  totalTradingRewards: wireMoneySchema,
  /** Members below them within 15 levels, direct referrals included. */
  totalReferrals: z.number().int(),
  directReferrals: z.number().int(),
  /** DIRECT rewards credited (posted, or released after a lock). */
  referralRewards: wireMoneySchema,
  /** Successful sign-ins. */
  totalLogins: z.number().int(),
  /** Withdrawals requested, whatever became of them. */
  withdrawalRequests: z.number().int(),
  /** Rewards earned, whatever their state. */
  rewardClaims: z.number().int(),
  /** The latest of their last sign-in, last reward and last withdrawal request; null if none. */
  lastActivity: z.string().nullable(),
});
export type MemberReport = z.infer<typeof memberReportSchema>;

export const memberReportsSchema = z.object({
  reports: z.array(memberReportSchema),
  pagination: adminListPaginationSchema,
});
export type MemberReports = z.infer<typeof memberReportsSchema>;

export const memberReportTexts = {
  loadFailed: 'Failed to fetch user reports',
  loadError: 'An error occurred while fetching user reports',
  empty: 'No users found',
} as const;
