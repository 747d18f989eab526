import { formatCount, formatUsdt } from '@uplink/contract/format';
import type { WithdrawalStatistics } from '@uplink/contract/withdrawals';
import { ClockIcon, TrendingUpIcon, WalletIcon } from '../../../components/icons';
import { LoadedStatCards } from '../../../components/stat-card';

/** The statistics of every withdrawal, whatever the search: the figures come from the server as they are. */
export function WithdrawalStatCards({
  statistics,
  loading,
}: {
  statistics: WithdrawalStatistics | undefined;
  loading: boolean;
}) {
  return (
    <LoadedStatCards
      figures={statistics}
      loading={loading}
      statistics={[
        {
          label: 'Total Amount',
          value: (stats) => formatUsdt(stats.totalAmount),
          hint: 'Approved and pending',
          icon: WalletIcon,
        },
        {
          label: 'Pending Requests',
          value: (stats) => formatCount(stats.pending),
          icon: ClockIcon,
          accent: 'amber',
        },
        {
          label: 'Approved',
          value: (stats) => formatCount(stats.approved),
          hint: (stats) => formatUsdt(stats.totalApprovedAmount),
          icon: TrendingUpIcon,
          accent: 'emerald',
        },
        {
          label: 'Rejected or Blocked',
          value: (stats) => formatCount(stats.rejected + stats.blocked),
          icon: WalletIcon,
          accent: 'violet',
        },
      ]}
    />
  );
}
