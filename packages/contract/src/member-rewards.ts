import { z } from 'zod';
import { referralLevels, rewardsPageSizes } from './constants';
import { wireMoneySchema } from './money';
import { oneOfSchema } from './one-of';
import { pageNumberSchema, shortPaginationSchema, sortSchema } from './paging';
import { rewardSorts, rewardStates, rewardTypes } from './reward-kinds';
import { percentSchema } from './reward-plan';
import { queryInteger } from './whole-number';

export {
  type RewardSort,
  type RewardState,
  type RewardType,
  rewardSorts,
  rewardStates,
  rewardTypes,
} from './reward-kinds';

/** A reward level to filter on (1..15), in a query string. */
export const rewardLevelFilterSchema = queryInteger(
  z
    .number({ error: 'Level must be a number' })
    .int('Level must be a whole number')
    .min(1, `Level must be between 1 and ${referralLevels}`)
    .max(referralLevels, `Level must be between 1 and ${referralLevels}`),
).optional();

/** `GET /rewards/user`: the caller's rewards, newest first unless asked otherwise. */
export const memberRewardsQuerySchema = z.object({
  page: pageNumberSchema,
  limit: queryInteger(
    z
      .number({ error: 'Limit must be a number' })
      .refine((value) => (rewardsPageSizes as readonly number[]).includes(value), {
        error: `Limit must be one of ${rewardsPageSizes.join(', ')}`,
      }),
  ).default(rewardsPageSizes[0]),
  type: oneOfSchema('Type', rewardTypes).optional(),
  level: rewardLevelFilterSchema,
  sort: sortSchema(rewardSorts, '-createdAt'),
});
/** What a client may send (every field optional; the server fills the defaults). */
export type MemberRewardsQuery = Partial<z.output<typeof memberRewardsQuerySchema>>;

export const rewardDownlineUserSchema = z.object({
  name: z.string(),
  email: z.string(),
  userId: z.string(),
});

export const rewardRecordSchema = z.object({
  _id: z.string(),
  type: z.enum(rewardTypes),
  rewardAmount: wireMoneySchema,
  percent: percentSchema,
  masterAmount: wireMoneySchema,
  level: z.number().int().min(1).max(referralLevels),
  cycle: z.number().int().positive(),
  state: z.enum(rewardStates),
  createdAt: z.string(),
  /** The member whose trading (DOWNLINE) earned it; absent for DIRECT. */
  downlineUser: rewardDownlineUserSchema.optional(),
});
export type RewardRecord = z.infer<typeof rewardRecordSchema>;

export const memberRewardsSchema = z.object({
  rewards: z.array(rewardRecordSchema),
  pagination: shortPaginationSchema,
});
export type MemberRewards = z.infer<typeof memberRewardsSchema>;
