import { z } from 'zod';
import { adminPageSize, userStatuses } from './constants';
import { rewardStates, rewardTypes } from './member-rewards';
import { memberSummarySchema, namedMemberSchema } from './member-summary';
import { wireMoneySchema } from './money';
import { oneOfSchema } from './one-of';
import {
  adminListPaginationSchema,
  pageLimitSchema,
  pageNumberSchema,
  searchSchema,
  shortPaginationSchema,
  sortSchema,
} from './paging';
import { rewardFiguresSchema } from './reward-figures';
import { memberRiskEventSchema, riskMarkSchema } from './risk';
import { withdrawalSchema, withdrawalStatuses } from './withdrawals';

/** `PUT /users/{id}/status`: an administrator sets a member's status (it must change). */
export const memberStatusChangeSchema = z.object({
  status: oneOfSchema('Status', userStatuses),
});

export const adminUserSorts = ['-createdAt', 'createdAt'] as const;

/** `GET /users/admin/all`: search is a case-insensitive substring of name, e-mail, user ID or referral code. */
export const adminUsersQuerySchema = z.object({
  page: pageNumberSchema,
  limit: pageLimitSchema(adminPageSize),
  search: searchSchema,
  sort: sortSchema(adminUserSorts, '-createdAt'),
});
export type AdminUsersQuery = Partial<z.output<typeof adminUsersQuerySchema>>;

export const adminUserListItemSchema = z.object({
  ...memberSummarySchema.shape,
  status: z.enum(userStatuses),
  isEmailVerified: z.boolean(),
  bingXUID: z.string().nullable(),
  referralCode: z.string(),
  referredByCode: z.string().nullable(),
  referredBy: z.object({ _id: z.string(), firstName: z.string(), lastName: z.string(), userId: z.string() }).nullable(),
  subscriptionFee: z.object({ paid: z.boolean() }),
  onboardingCompleted: z.boolean(),
  /** Total earned (credits posted). */
  totalRewards: wireMoneySchema,
  /** Total paid out (approved withdrawals). */
  totalWithdrawals: wireMoneySchema,
  /** Available balance. */
  balance: wireMoneySchema,
  createdAt: z.string(),
  lastLogin: z.string().nullable(),
  isAdmin: z.boolean(),
  /** The member's own deposit address (where the subscription is paid). */
  walletAddress: z.string().nullable(),
  /** The member's risk mark: null when no risk event naming them is open. */
  risk: riskMarkSchema,
});
export type AdminUserListItem = z.infer<typeof adminUserListItemSchema>;

/** Unfiltered totals over every member not deleted: a search never changes them. */
export const userStatsSchema = z.object({
  totalUsers: z.number().int(),
  activeUsers: z.number().int(),
  lockedUsers: z.number().int(),
  disabledUsers: z.number().int(),
  verifiedUsers: z.number().int(),
  unverifiedUsers: z.number().int(),
  /** Members who have paid a subscription and linked an exchange UID. */
  onboardingCompleted: z.number().int(),
  /** Members whose subscription period is running now. */
  subscriptionPaid: z.number().int(),
});
export type UserStats = z.infer<typeof userStatsSchema>;

/** Admin users spell the total `totalUsers`. */
export const usersPaginationSchema = shortPaginationSchema.omit({ totalRecords: true }).extend({
  totalUsers: z.number().int(),
});

export const adminUsersSchema = z.object({
  users: z.array(adminUserListItemSchema),
  pagination: usersPaginationSchema,
  stats: userStatsSchema,
});
export type AdminUsers = z.infer<typeof adminUsersSchema>;

const booleanFlagSchema = z
  .enum(['true', 'false'], { error: 'Use true or false' })
  .default('false')
  .transform((value) => value === 'true');

/** `GET /users/admin/{id}`: the member, and on request a page of their rewards and withdrawals. */
export const adminUserDetailQuerySchema = z.object({
  includeRewards: booleanFlagSchema,
  includeWithdrawals: booleanFlagSchema,
  rewardsPage: pageNumberSchema,
  rewardsLimit: pageLimitSchema(adminPageSize),
  withdrawalsPage: pageNumberSchema,
  withdrawalsLimit: pageLimitSchema(adminPageSize),
});
export type AdminUserDetailQuery = Partial<z.input<typeof adminUserDetailQuerySchema>>;

export const adminMemberRewardSchema = z.object({
  _id: z.string(),
  type: z.enum(rewardTypes),
  rewardAmount: wireMoneySchema,
  percent: z.number(),
  masterAmount: wireMoneySchema,
  level: z.number().int(),
  cycle: z.number().int(),
  state: z.enum(rewardStates),
  createdAt: z.string(),
  /** The member whose trading earned it; absent for DIRECT. */
  downlineUser: namedMemberSchema.omit({ _id: true }).optional(),
});
export type AdminMemberReward = z.infer<typeof adminMemberRewardSchema>;

export const adminUserDetailSchema = z.object({
  ...memberSummarySchema.shape,
  isEmailVerified: z.boolean(),
  status: z.enum(userStatuses),
  isAdmin: z.boolean(),
  /** Set when an administrator deleted the member (personal data blanked). */
  deletedAt: z.string().nullable(),
  bingXUID: z.string().nullable(),
  /** Null for an administrator other than the network root: administrators invite nobody. */
  referralCode: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  lastLogin: z.string().nullable(),
  /** Total earned (credits posted). */
  totalRewards: wireMoneySchema,
  /** Available balance. */
  balance: wireMoneySchema,
  /** Locked rewards awaiting compliance. */
  lockedRewards: wireMoneySchema,
  totalWithdrawn: wireMoneySchema,
  /** Withdrawals on hold (pending): balance = totalRewards − totalWithdrawn − pendingWithdrawals. */
  pendingWithdrawals: wireMoneySchema,
  /** The exact sum of the member's rewards and how the ledger holds it, with the line the Rewards tab shows. */
  rewardFigures: rewardFiguresSchema,
  referralStats: z.object({ totalReferrals: z.number().int(), directReferrals: z.number().int() }),
  referredBy: z.object({ _id: z.string(), firstName: z.string(), lastName: z.string(), userId: z.string() }).nullable(),
  subscriptionFee: z.object({
    hasPaid: z.boolean(),
    amount: wireMoneySchema.nullable(),
    timestamp: z.string().nullable(),
    periodEndsAt: z.string().nullable(),
  }),
  rewards: z
    .object({
      data: z.array(adminMemberRewardSchema),
      statistics: z.object({
        total: z.number().int(),
        totalRewardAmount: wireMoneySchema,
        directRewardsCount: z.number().int(),
        downlineRewardsCount: z.number().int(),
      }),
      pagination: adminListPaginationSchema,
    })
    .optional(),
  /** The member's risk mark and every risk event naming them, newest first. */
  risk: riskMarkSchema,
  riskEvents: z.array(memberRiskEventSchema),
  withdrawals: z
    .object({
      data: z.array(withdrawalSchema),
      statistics: z.object({
        total: z.number().int(),
        totalRequestedAmount: wireMoneySchema,
        totalApprovedAmount: wireMoneySchema,
        totalPendingAmount: wireMoneySchema,
      }),
      pagination: adminListPaginationSchema,
    })
    .optional(),
});
export type AdminUserDetail = z.infer<typeof adminUserDetailSchema>;

/** `GET /users/admin/overall-stats`: the admin dashboard. */
export const overallStatsSchema = z.object({
  users: z.object({
    totalUsers: z.number().int(),
    completedOnboarding: z.number().int(),
    /** Joined since 00:00 UTC today. */
    newUsersToday: z.number().int(),
  }),
  withdrawals: z.object({
    pendingCount: z.number().int(),
    /** Approved plus pending. */
    totalAmount: wireMoneySchema,
  }),
  rewards: z.object({
    /**
     * What reached members' balances: the ledger's credits posted over every member, so the sum of
     * the members' Total Earned (whole cents). `figures` sets it beside the exact rewards.
     */
    totalDistributed: wireMoneySchema,
    /** The exact rewards and how the ledger holds them over every member: credited, locked, forfeited, carried. */
    figures: rewardFiguresSchema,
  }),
  recentWithdrawals: z.array(
    z.object({
      _id: z.string(),
      user: z.object({ name: z.string() }),
      amount: wireMoneySchema,
      status: z.enum(withdrawalStatuses),
      createdAt: z.string(),
    }),
  ),
  recentJoinedUsers: z.array(
    z.object({
      _id: z.string(),
      name: z.string(),
      email: z.string(),
      joinedAt: z.string(),
      onboardingCompleted: z.boolean(),
    }),
  ),
});
export type OverallStats = z.infer<typeof overallStatsSchema>;

/** How many recent withdrawals and members the dashboard lists. */
export const dashboardRecentCount = 5;

export const adminUserTexts = {
  statusUpdated: (status: string) => `User status updated to ${status} successfully!`,
  statusUpdateFailed: 'Failed to update user status',
  statusUpdateError: 'An error occurred while updating user status',
  sameStatus: 'The new status must differ from the current one.',
  administrator: 'An administrator is not a member: an owner changes or removes them on the Team page.',
  pendingWithdrawals: "Decide the member's pending withdrawals before deleting them.",
  alreadyDeleted: 'This member has already been deleted.',
  deleted: 'User deleted successfully',
  loadUsersFailed: 'Failed to fetch users',
  loadUsersError: 'An error occurred while fetching users',
  loadUserFailed: 'Failed to fetch user details',
  loadUserError: 'An error occurred while fetching user details',
  invalidUserId: 'Invalid user ID',
  loadingUser: 'Loading user details...',
  emptyUsers: 'No users found',
  dashboardFailed: 'Failed to fetch dashboard statistics',
  dashboardError: 'Failed to load dashboard data',
  dashboardErrorTitle: 'Error Loading Dashboard',
  noRecentWithdrawals: 'No recent withdrawals',
  noRecentUsers: 'No recent users',
  notLinked: 'Not linked',
} as const;
