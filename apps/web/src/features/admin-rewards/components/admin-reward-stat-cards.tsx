import type { AdminRewardStatistics } from '@uplink/contract/admin-rewards';
import { formatCount, formatMoney, formatRewardAmount } from '@uplink/contract/format';
import { ActivityIcon, ChartIcon, GiftIcon, TrendingUpIcon, UsersIcon, WalletIcon } from '../../../components/icons';
import { StatCards } from '../../../components/stat-card';

const usdt = (amount: number) => formatMoney(amount, { unit: 'USDT' });
const rewardCount = (count: number) => formatCount(count, ['reward', 'rewards']);

/** The statistics of every reward the filters match, whatever the page. */
export function AdminRewardStatCards({
  statistics,
  loading,
}: {
  statistics: AdminRewardStatistics | undefined;
  loading: boolean;
}) {
  const stats = statistics;
  return (
    <StatCards
      loading={loading}
      // Six amounts in USDT: one column on phones, where two would break a six-digit amount.
      grid="grid gap-4 sm:grid-cols-2 lg:grid-cols-3"
      statistics={[
        {
          // Every reward record, locked and forfeited ones included; the dashboard's "Rewards
          // Distributed" counts only what reached members' balances.
          label: 'Total Rewards',
          value: stats ? usdt(stats.totalRewardsDistributed) : null,
          hint: stats ? `${rewardCount(stats.total)}, locked ones included` : undefined,
          icon: WalletIcon,
        },
        {
          label: 'Referral Rewards',
          value: stats ? usdt(stats.totalDirectRewards) : null,
          hint: stats ? `${rewardCount(stats.directRewardsCount)} (DIRECT)` : undefined,
          icon: UsersIcon,
          accent: 'violet',
        },
        {
          label: 'Trading Rewards',
          value: stats ? usdt(stats.totalDownlineRewards) : null,
          hint: stats ? `${rewardCount(stats.downlineRewardsCount)} (DOWNLINE)` : undefined,
          icon: TrendingUpIcon,
          accent: 'sky',
        },
        {
          label: 'Master Amount',
          value: stats ? usdt(stats.totalMasterAmount) : null,
          hint: 'What these rewards are a share of',
          icon: ChartIcon,
          accent: 'emerald',
        },
        {
          label: 'Average Reward',
          value: stats ? formatRewardAmount(stats.averageRewardAmount, { unit: 'USDT' }) : null,
          icon: ActivityIcon,
          accent: 'amber',
        },
        {
          label: 'Largest Reward',
          value: stats ? formatRewardAmount(stats.maxRewardAmount, { unit: 'USDT' }) : null,
          hint: stats ? `Smallest ${formatRewardAmount(stats.minRewardAmount, { unit: 'USDT' })}` : undefined,
          icon: GiftIcon,
        },
      ]}
    />
  );
}
