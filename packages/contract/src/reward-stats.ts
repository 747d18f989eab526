import { z } from 'zod';
import { complianceTermsSchema } from './compliance-terms';
import { rewardTypes } from './member-rewards';
import { wireMoneySchema } from './money';
import { rewardFiguresSchema } from './reward-figures';
import { lockReasons } from './reward-lock-reasons';

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
  /** The compliance rule as this server applies it: the exchange-balance line and the forfeit window. */
  compliance: complianceTermsSchema,
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
