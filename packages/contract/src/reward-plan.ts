import { z } from 'zod';
import { complianceTermsSchema } from './compliance-terms';
import { referralLevels } from './constants';

/** A percent on the wire: a number with at most 4 decimals (the plan stores NUMERIC(7,4)). */
export const percentSchema = z.number().min(0).max(100);

/**
 * The reward plan in force (`GET /rewards/plan`, public: the landing page's calculator, start guide
 * and questions read it).
 * DIRECT: `directPercent` of the subscription fee to the sponsor when a direct referral pays.
 * DOWNLINE: for each copier, the upline at level L earns the master trader's share × `levelPercents[L-1]` / 100.
 * @rule REWARD_PERCENTAGES
 */
export const rewardPlanSchema = z.object({
  version: z.number().int().positive(),
  directPercent: percentSchema,
  levelPercents: z.array(percentSchema).length(referralLevels),
  /** Σ levelPercents: what the plan pays out of the master trader's share, over all 15 levels. */
  totalLevelPercent: percentSchema,
  /** The compliance rule beside the plan, so the landing page states this server's exchange-balance line. */
  compliance: complianceTermsSchema,
});
export type RewardPlan = z.infer<typeof rewardPlanSchema>;
