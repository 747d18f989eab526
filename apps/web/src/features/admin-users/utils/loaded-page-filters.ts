import type { AdminMemberReward } from '@uplink/contract/admin-users';
import type { RewardType } from '@uplink/contract/member-rewards';
import type { Withdrawal, WithdrawalStatus } from '@uplink/contract/withdrawals';

/**
 * The user detail's tab filters work on the page already loaded (spec 5): they narrow what is
 * shown without asking the server again, and the footer still counts every record.
 */
export type RewardTypeFilter = RewardType | 'ALL';
export type WithdrawalStatusFilter = WithdrawalStatus | 'ALL';

export function rewardsOfType(rewards: readonly AdminMemberReward[], type: RewardTypeFilter): AdminMemberReward[] {
  return type === 'ALL' ? [...rewards] : rewards.filter((reward) => reward.type === type);
}

export function withdrawalsWithStatus(
  withdrawals: readonly Withdrawal[],
  status: WithdrawalStatusFilter,
): Withdrawal[] {
  return status === 'ALL' ? [...withdrawals] : withdrawals.filter((withdrawal) => withdrawal.status === status);
}
