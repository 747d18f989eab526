import { z } from 'zod';
import { adminPageSize } from './constants';
import { rewardLevelFilterSchema, rewardRecordSchema, rewardTypes } from './member-rewards';
import { namedMemberSchema } from './member-summary';
import { wireMoneySchema } from './money';
import { oneOfSchema } from './one-of';
import { adminListPaginationSchema, pageLimitSchema, pageNumberSchema, searchSchema, sortSchema } from './paging';

export const adminRewardSorts = ['-createdAt', 'createdAt'] as const;

/**
 * `GET /rewards/admin/all`: every member's rewards, newest first. Search is a case-insensitive
 * substring of the beneficiary's name, e-mail, user ID or referral code.
 */
export const adminRewardsQuerySchema = z.object({
  page: pageNumberSchema,
  limit: pageLimitSchema(adminPageSize),
  search: searchSchema,
  type: oneOfSchema('Type', rewardTypes).optional(),
  level: rewardLevelFilterSchema,
  sort: sortSchema(adminRewardSorts, '-createdAt'),
});
export type AdminRewardsQuery = Partial<z.output<typeof adminRewardsQuerySchema>>;

export const adminRewardRecordSchema = rewardRecordSchema.omit({ downlineUser: true }).extend({
  planVersion: z.number().int(),
  /** The member who earned it. */
  rewardUser: namedMemberSchema,
  /** The member whose trading (DOWNLINE) or subscription (DIRECT) produced it. */
  downlineUser: namedMemberSchema,
});
export type AdminRewardRecord = z.infer<typeof adminRewardRecordSchema>;

/**
 * Over every reward record the filters match (type, level, search), whatever the page and whatever
 * its state: a LOCKED or FORFEITED reward is still a record, listed and counted.
 * "Distributed" is every such record's exact rewardAmount — what the cycles and DIRECT rewards
 * wrote, not what reached balances in whole cents (the admin dashboard's figure is the credits:
 * the members' Total Earned); the list's `note` tells the two apart.
 * averageRewardAmount = totalRewardsDistributed / total, rounded half up to 8 decimals; the average,
 * max and min are 0 when nothing matches.
 */
export const adminRewardStatisticsSchema = z.object({
  total: z.number().int(),
  totalRewardsDistributed: wireMoneySchema,
  totalDirectRewards: wireMoneySchema,
  totalDownlineRewards: wireMoneySchema,
  directRewardsCount: z.number().int(),
  downlineRewardsCount: z.number().int(),
  totalMasterAmount: wireMoneySchema,
  averageRewardAmount: wireMoneySchema,
  maxRewardAmount: wireMoneySchema,
  minRewardAmount: wireMoneySchema,
});
export type AdminRewardStatistics = z.infer<typeof adminRewardStatisticsSchema>;

export const adminRewardsSchema = z.object({
  rewards: z.array(adminRewardRecordSchema),
  pagination: adminListPaginationSchema,
  statistics: adminRewardStatisticsSchema,
  /**
   * The line under the table, written by the server: the rows' exact sum, and for the whole list
   * (no filter) how the ledger holds it — credited, locked, forfeited and carried over every member.
   */
  note: z.string(),
});
export type AdminRewards = z.infer<typeof adminRewardsSchema>;
