import type { RewardType } from './member-rewards';

/** The rewards screens' own texts. */
export const rewardTexts = {
  typeOptions: { DIRECT: 'Referral Rewards (DIRECT)', DOWNLINE: 'Trading Rewards (DOWNLINE)' } satisfies Record<
    RewardType,
    string
  >,
  allTypes: 'All Types',
  emptyHistory: 'No rewards found',
  loadStatsFailed: 'Failed to load reward stats',
  loadRewardsFailed: 'Failed to fetch rewards',
  loadRewardsError: 'An error occurred while fetching rewards',
};
