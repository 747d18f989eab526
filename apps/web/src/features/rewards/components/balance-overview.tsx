import { formatMoney } from '@uplink/contract/format';
import type { RewardStats } from '@uplink/contract/rewards';
import { GiftIcon, TrendingUpIcon, WalletIcon } from '../../../components/icons';
import { StatCards } from '../../../components/stat-card';

/** Available Balance, Total Earned and Total Withdrawn, from the member's ledger account. */
export function BalanceOverview({ stats, loading }: { stats: RewardStats | undefined; loading: boolean }) {
  const usdt = (amount: number | undefined) => (amount === undefined ? null : formatMoney(amount, { unit: 'USDT' }));
  return (
    <StatCards
      grid="grid grid-cols-1 gap-4 sm:grid-cols-3"
      loading={loading}
      statistics={[
        {
          label: 'Available Balance',
          value: usdt(stats?.currentBalance),
          hint:
            stats && stats.lockedRewards > 0
              ? `${formatMoney(stats.lockedRewards, { unit: 'USDT' })} locked`
              : undefined,
          icon: WalletIcon,
          accent: 'emerald',
        },
        { label: 'Total Earned', value: usdt(stats?.totalRewards), icon: TrendingUpIcon, accent: 'brand' },
        { label: 'Total Withdrawn', value: usdt(stats?.totalWithdrawn), icon: GiftIcon, accent: 'violet' },
      ]}
    />
  );
}
