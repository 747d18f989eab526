import { Decimal } from 'decimal.js';
import { z } from 'zod';
import { adminPageSize, referralLevels, rewardsPageSizes } from './constants';
import { namedMemberSchema } from './member-summary';
import { wireMoneyDecimals, wireMoneySchema } from './money';
import {
  adminListPaginationSchema,
  pageLimitSchema,
  pageNumberSchema,
  searchSchema,
  shortPaginationSchema,
} from './paging';
import { rewardFiguresSchema } from './reward-figures';
import { bodyInteger, queryInteger } from './whole-number';

/** A percent on the wire: a number with at most 4 decimals (the plan stores NUMERIC(7,4)). */
const percentSchema = z.number().min(0).max(100);

/**
 * The reward plan in force (`GET /rewards/plan`, public: the landing page's calculator reads it).
 * DIRECT: `directPercent` of the subscription fee to the sponsor when a direct referral pays.
 * DOWNLINE: for each copier, the upline at level L earns the master trader's share × `levelPercents[L-1]` / 100.
 */
export const rewardPlanSchema = z.object({
  version: z.number().int().positive(),
  directPercent: percentSchema,
  levelPercents: z.array(percentSchema).length(referralLevels),
  /** Σ levelPercents: what the plan pays out of the master trader's share, over all 15 levels. */
  totalLevelPercent: percentSchema,
});
export type RewardPlan = z.infer<typeof rewardPlanSchema>;

export const rewardTypes = ['DIRECT', 'DOWNLINE'] as const;
export type RewardType = (typeof rewardTypes)[number];

/** Where a reward stands in the ledger: available, locked awaiting compliance, released later, or forfeited. */
export const rewardStates = ['POSTED', 'LOCKED', 'RELEASED', 'FORFEITED'] as const;
export type RewardState = (typeof rewardStates)[number];

export const rewardSorts = ['-createdAt', 'createdAt', '-rewardAmount', 'rewardAmount'] as const;
export type RewardSort = (typeof rewardSorts)[number];

/** A reward level to filter on (1..15), in a query string. */
const rewardLevelFilterSchema = queryInteger(
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
  type: z.enum(rewardTypes, { error: `Type must be one of ${rewardTypes.join(', ')}` }).optional(),
  level: rewardLevelFilterSchema,
  sort: z.enum(rewardSorts, { error: `Sort must be one of ${rewardSorts.join(', ')}` }).default('-createdAt'),
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

/** Why a member's new rewards are locked now (each condition of compliance that fails). */
export const lockReasons = [
  'SUBSCRIPTION_UNPAID',
  'EXCHANGE_UID_MISSING',
  'BALANCE_BELOW_MINIMUM',
  'NOT_COPYING',
] as const;
export type LockReason = (typeof lockReasons)[number];

export const lockReasonTexts: Record<LockReason, string> = {
  SUBSCRIPTION_UNPAID: 'Your subscription is not paid.',
  EXCHANGE_UID_MISSING: 'No exchange account is linked.',
  BALANCE_BELOW_MINIMUM: 'Your exchange balance is below 100 USDT.',
  NOT_COPYING: 'You were not copying the master trader in the last cycle.',
};

/** What the member does to meet each condition again, shown under its reason. */
export const lockReasonActions: Record<LockReason, string> = {
  SUBSCRIPTION_UNPAID: 'Pay the 10 USDT subscription on the onboarding page.',
  EXCHANGE_UID_MISSING: 'Link your BingX UID on the onboarding page.',
  BALANCE_BELOW_MINIMUM: 'Deposit on BingX until your balance is 100 USDT or more.',
  NOT_COPYING: "Copy the master trader on BingX, so that the next cycle's statement includes you.",
};

/** A locked credit: released when the member is compliant again before `deadline`, forfeited after. */
export const lockedRewardSchema = z.object({
  type: z.enum(rewardTypes),
  cycle: z.number().int().positive(),
  amount: wireMoneySchema,
  lockedAt: z.string(),
  deadline: z.string(),
});
export type LockedReward = z.infer<typeof lockedRewardSchema>;

/** What the member earned in one cycle, posted or locked (forfeited excluded). */
export const cycleEarningsSchema = z.object({
  cycle: z.number().int().positive(),
  startsAt: z.string(),
  direct: wireMoneySchema,
  downline: wireMoneySchema,
});
export type CycleEarnings = z.infer<typeof cycleEarningsSchema>;

/**
 * `GET /rewards/stats/{id}`. Balances come from the member's ledger account:
 * currentBalance = available, totalRewards = credits posted (Total Earned), totalWithdrawn = debits posted,
 * pendingWithdrawals = debits pending, so currentBalance = totalRewards − totalWithdrawn − pendingWithdrawals
 * to the cent; lockedRewards stand apart until released.
 * The breakdown splits credits posted by type (calculatedTotal = directRewards + downlineRewards = totalRewards).
 */
export const rewardStatsSchema = z.object({
  currentBalance: wireMoneySchema,
  totalRewards: wireMoneySchema,
  totalWithdrawn: wireMoneySchema,
  pendingWithdrawals: wireMoneySchema,
  lockedRewards: wireMoneySchema,
  rewardBreakdown: z.object({
    calculatedTotal: wireMoneySchema,
    directRewards: wireMoneySchema,
    downlineRewards: wireMoneySchema,
  }),
  /** Compliance conditions that fail now: empty when new rewards are credited at once. */
  lockReasons: z.array(z.enum(lockReasons)),
  /**
   * The distributed cycle whose statement NOT_COPYING refers to (null without that reason): a
   * member is judged only by a cycle that ended after they linked their exchange account.
   */
  notCopyingIn: z.object({ cycle: z.number().int().positive(), endsAt: z.string() }).nullable(),
  locked: z.array(lockedRewardSchema),
  /** The last cycles, oldest first, for the earnings chart. */
  earningsByCycle: z.array(cycleEarningsSchema),
  /** The exact sum of every reward row and how the ledger holds it, with the line the history shows. */
  figures: rewardFiguresSchema,
  /** The newest reward or withdrawal request: statements open on its month. Null before any. */
  latestActivityAt: z.string().nullable(),
});
export type RewardStats = z.infer<typeof rewardStatsSchema>;

/** The most statement lines one upload may carry. */
export const statementMaxLines = 2_000_000;

/** A cycle number in a request body: a JSON integer, never a string, boolean or array taken for one. */
const cycleNumberSchema = bodyInteger('Cycle').min(1, 'Cycle must be at least 1').max(1_000_000, 'Cycle is too large');

/** A non-negative amount with at most 8 decimals, as a JSON number or a decimal string; kept as an exact string. */
const masterAmountSchema = z.union([z.number(), z.string().trim()]).transform((value, context) => {
  const text = typeof value === 'number' ? String(value) : value;
  if (!/^(\d+(\.\d*)?|\.\d+)(e-?\d+)?$/i.test(text)) {
    context.addIssue({ code: 'custom', message: 'masterAmount must be a non-negative number' });
    return z.NEVER;
  }
  const amount = new Decimal(text);
  if (amount.decimalPlaces() > wireMoneyDecimals || amount.gt('1e20')) {
    context.addIssue({ code: 'custom', message: `masterAmount has at most ${wireMoneyDecimals} decimals` });
    return z.NEVER;
  }
  return amount.toFixed();
});

export const statementEntrySchema = z.object({
  bingXUID: z
    .string({ error: 'bingXUID is required' })
    .trim()
    .regex(/^\d{6,20}$/, 'bingXUID must be 6 to 20 digits'),
  masterAmount: masterAmountSchema,
});
export type StatementEntry = z.output<typeof statementEntrySchema>;

/**
 * `POST /rewards/admin/cycles`: distribute a finished cycle from an uploaded statement or from
 * the exchange. A UID may appear once per statement.
 */
export const rewardCycleRunRequestSchema = z.union([
  z.strictObject({
    cycle: cycleNumberSchema,
    entries: z
      .array(statementEntrySchema)
      .min(1, 'The statement has no entries')
      .max(statementMaxLines, `A statement has at most ${statementMaxLines} entries`)
      .superRefine((entries, context) => {
        const seen = new Set<string>();
        for (const [index, entry] of entries.entries()) {
          if (seen.has(entry.bingXUID)) {
            context.addIssue({
              code: 'custom',
              path: [index, 'bingXUID'],
              message: `bingXUID ${entry.bingXUID} appears twice`,
            });
            return;
          }
          seen.add(entry.bingXUID);
        }
      }),
  }),
  z.strictObject({ cycle: cycleNumberSchema, source: z.literal('exchange') }),
]);
export type RewardCycleRunRequest = z.input<typeof rewardCycleRunRequestSchema>;

/**
 * What a run took as each copier's `masterAmount`: an uploaded statement (the master account's
 * profit-sharing report, the primary source) or, from the exchange, the copy-trading commission
 * BingX's agent API reports (`extCopyCommissionVolume`: it documents no profit-share field).
 */
export const rewardCycleBases = ['UPLOADED_STATEMENT', 'EXCHANGE_COPY_TRADING_COMMISSION'] as const;
export type RewardCycleBasis = (typeof rewardCycleBases)[number];

export const rewardCycleBasisTexts: Record<RewardCycleBasis, string> = {
  UPLOADED_STATEMENT: 'Uploaded statement (profit share)',
  EXCHANGE_COPY_TRADING_COMMISSION: 'Exchange copy-trading commission',
};

export const rewardCycleRunSchema = z.object({
  _id: z.string(),
  cycle: z.number().int().positive(),
  startsAt: z.string(),
  endsAt: z.string(),
  source: z.enum(['EXCHANGE', 'UPLOAD']),
  /** What each copier's masterAmount was; null on runs recorded before runs named it. */
  basis: z.enum(rewardCycleBases).nullable(),
  /** ALREADY_DISTRIBUTED: the cycle had been distributed before; this run wrote nothing. */
  outcome: z.enum(['DISTRIBUTED', 'ALREADY_DISTRIBUTED']),
  startedBy: z.string().nullable(),
  startedAt: z.string(),
  finishedAt: z.string(),
  planVersion: z.number().int().positive(),
  inputCount: z.number().int(),
  matchedCount: z.number().int(),
  /** Statement UIDs that no member has linked (at most the first 1,000; `unknownCount` has them all). */
  unknownUids: z.array(z.string()),
  unknownCount: z.number().int(),
  rewardsWritten: z.number().int(),
  totalMasterAmount: wireMoneySchema,
  totalPaid: wireMoneySchema,
  totalLocked: wireMoneySchema,
  durationMs: z.number().int(),
});
export type RewardCycleRun = z.infer<typeof rewardCycleRunSchema>;

export const adminRewardSorts = ['-createdAt', 'createdAt'] as const;

/**
 * `GET /rewards/admin/all`: every member's rewards, newest first. Search is a case-insensitive
 * substring of the beneficiary's name, e-mail, user ID or referral code.
 */
export const adminRewardsQuerySchema = z.object({
  page: pageNumberSchema,
  limit: pageLimitSchema(adminPageSize),
  search: searchSchema,
  type: z.enum(rewardTypes, { error: `Type must be one of ${rewardTypes.join(', ')}` }).optional(),
  level: rewardLevelFilterSchema,
  sort: z.enum(adminRewardSorts, { error: `Sort must be one of ${adminRewardSorts.join(', ')}` }).default('-createdAt'),
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

/** `GET /rewards/admin/cycles`: the runs of the reward cycles, newest first. */
export const rewardCycleRunsQuerySchema = z.object({
  page: pageNumberSchema,
  limit: pageLimitSchema(adminPageSize),
});
export type RewardCycleRunsQuery = Partial<z.output<typeof rewardCycleRunsQuerySchema>>;

export const rewardCycleRunsSchema = z.object({
  runs: z.array(rewardCycleRunSchema),
  pagination: adminListPaginationSchema,
  /** The last finished cycle (the one a run would normally distribute) and whether it is distributed. */
  lastFinishedCycle: z.object({
    cycle: z.number().int(),
    startsAt: z.string(),
    endsAt: z.string(),
    distributed: z.boolean(),
  }),
});
export type RewardCycleRuns = z.infer<typeof rewardCycleRunsSchema>;

/**
 * `POST /rewards/admin/cycles/preview`: what a run of this statement would do, without writing:
 * the statement's totals, the UIDs no member has linked and the rewards it would credit.
 */
export const rewardCyclePreviewSchema = z.object({
  cycle: z.number().int(),
  startsAt: z.string(),
  endsAt: z.string(),
  alreadyDistributed: z.boolean(),
  inputCount: z.number().int(),
  matchedCount: z.number().int(),
  unknownUids: z.array(z.string()),
  unknownCount: z.number().int(),
  totalMasterAmount: wireMoneySchema,
  rewardsToWrite: z.number().int(),
  totalToPay: wireMoneySchema,
  totalToLock: wireMoneySchema,
});
export type RewardCyclePreview = z.infer<typeof rewardCyclePreviewSchema>;

export const rewardCycleTexts = {
  noRuns: 'No cycle has been run yet',
  alreadyDistributed: (cycle: number) => `Cycle #${cycle} has already been distributed.`,
} as const;
