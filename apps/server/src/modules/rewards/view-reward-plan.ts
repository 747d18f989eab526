import { toWireMoney } from '@uplink/contract/money';
import type { RewardPlan } from '@uplink/contract/reward-plan';
import { Decimal } from 'decimal.js';
import type { AppContext } from '../../app-context';
import { complianceTerms } from './compliance-terms';
import { findCurrentRewardPlan } from './rewards-repository';

/**
 * The plan in force, as the landing page's calculator and the members' screens show it, with the
 * compliance rule's figures the landing page states.
 */
export async function viewRewardPlan(deps: Pick<AppContext, 'db' | 'config'>): Promise<RewardPlan> {
  const plan = await findCurrentRewardPlan(deps.db);
  const total = plan.levelPercents.reduce((sum, percent) => sum.plus(percent), new Decimal(0));
  return {
    version: plan.version,
    directPercent: toWireMoney(plan.directPercent),
    levelPercents: plan.levelPercents.map((percent) => toWireMoney(percent)),
    totalLevelPercent: toWireMoney(total),
    compliance: complianceTerms(deps.config.exchange),
  };
}
