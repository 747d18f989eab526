import { formatCount, formatMoney } from '@uplink/contract/format';
import type { WithdrawalStatistics } from '@uplink/contract/withdrawals';
import { ClockIcon, TrendingUpIcon, WalletIcon } from '../../../components/icons';
import { StatCards } from '../../../components/stat-card';

const usdt = (amount: number) => formatMoney(amount, { unit: 'USDT' });

/** The statistics of every withdrawal, whatever the search: the figures come from the server as they are. */
export function WithdrawalStatCards({
  statistics,
  loading,
}: {
  statistics: WithdrawalStatistics | undefined;
  loading: boolean;
}) {
  const stats = statistics;
  return (
    <StatCards
      loading={loading}
      statistics={[
        {
          label: 'Total Amount',
          value: stats ? usdt(stats.totalAmount) : null,
          hint: 'Approved and pending',
          icon: WalletIcon,
        },
        {
          label: 'Pending Requests',
          value: stats ? formatCount(stats.pending) : null,
          icon: ClockIcon,
          accent: 'amber',
        },
        {
          label: 'Approved',
          value: stats ? formatCount(stats.approved) : null,
          hint: stats ? usdt(stats.totalApprovedAmount) : undefined,
          icon: TrendingUpIcon,
          accent: 'emerald',
        },
        {
          label: 'Rejected or Blocked',
          value: stats ? formatCount(stats.rejected + stats.blocked) : null,
          icon: WalletIcon,
          accent: 'violet',
        },
      ]}
    />
  );
}
