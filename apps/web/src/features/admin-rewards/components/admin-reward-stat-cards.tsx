import type { AdminRewardStatistics } from '@uplink/contract/admin-rewards';
import { formatCount, formatRewardAmount, formatUsdt } from '@uplink/contract/format';
import { ActivityIcon, ChartIcon, GiftIcon, TrendingUpIcon, UsersIcon, WalletIcon } from '../../../components/icons';
import { LoadedStatCards } from '../../../components/stat-card';

const rewardCount = (count: number) => formatCount(count, ['reward', 'rewards']);

/** The statistics of every reward the filters match, whatever the page. */
export function AdminRewardStatCards({
  statistics,
  loading,
}: {
  statistics: AdminRewardStatistics | undefined;
  loading: boolean;
}) {
  return (
    <LoadedStatCards
      figures={statistics}
      loading={loading}
      // Six amounts in USDT: one column on phones, where two would break a six-digit amount.
      grid="grid gap-4 sm:grid-cols-2 lg:grid-cols-3"
      statistics={[
        {
          // Every reward record, locked and forfeited ones included; the dashboard's "Rewards
          // Distributed" counts only what reached members' balances.
          label: 'Total Rewards',
          value: (stats) => formatUsdt(stats.totalRewardsDistributed),
          hint: (stats) => `${rewardCount(stats.total)}, locked ones included`,
          icon: WalletIcon,
        },
        {
          label: 'Referral Rewards',
          value: (stats) => formatUsdt(stats.totalDirectRewards),
          hint: (stats) => `${rewardCount(stats.directRewardsCount)} (DIRECT)`,
          icon: UsersIcon,
          accent: 'violet',
        },
        {
          label: 'Trading Rewards',
          value: (stats) => formatUsdt(stats.totalDownlineRewards),
          hint: (stats) => `${rewardCount(stats.downlineRewardsCount)} (DOWNLINE)`,
          icon: TrendingUpIcon,
          accent: 'sky',
        },
        {
          label: 'Master Amount',
          value: (stats) => formatUsdt(stats.totalMasterAmount),
          hint: 'What these rewards are a share of',
          icon: ChartIcon,
          accent: 'emerald',
        },
        {
          label: 'Average Reward',
          value: (stats) => formatRewardAmount(stats.averageRewardAmount, { unit: 'USDT' }),
          icon: ActivityIcon,
          accent: 'amber',
        },
        {
          label: 'Largest Reward',
          value: (stats) => formatRewardAmount(stats.maxRewardAmount, { unit: 'USDT' }),
          hint: (stats) => `Smallest ${formatRewardAmount(stats.minRewardAmount, { unit: 'USDT' })}`,
          icon: GiftIcon,
        },
      ]}
    />
  );
}
