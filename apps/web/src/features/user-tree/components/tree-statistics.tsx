import { formatCount, formatMoney } from '@uplink/contract/format';
import { referralTexts } from '@uplink/contract/referral-texts';
import type { ReferralTreeStatistics } from '@uplink/contract/referrals';
import { ChartIcon, TreeIcon, TrendingUpIcon, UsersIcon } from '../../../components/icons';
import { LoadedStatCards } from '../../../components/stat-card';

/**
 * The four cards above the tree; they always describe the whole downline, whatever the search
 * or 'View Levels'. Without statistics (the load failed) each shows a dash.
 */
export function TreeStatistics({ statistics, loading }: { statistics?: ReferralTreeStatistics; loading: boolean }) {
  const usd = (amount: number) => formatMoney(amount, { unit: 'USD' });
  return (
    <LoadedStatCards
      figures={statistics}
      loading={loading}
      statistics={[
        {
          label: 'Total Referrals',
          value: (stats) => formatCount(stats.totalReferrals),
          hint: (stats) =>
            `${formatCount(stats.directReferrals)} direct, ${formatCount(stats.indirectReferrals)} indirect`,
          icon: UsersIcon,
        },
        {
          label: 'Network Depth',
          value: (stats) => formatCount(stats.maxDepthReached),
          hint: (stats) => (stats.maxDepthReached > 0 ? referralTexts.levelsDeep : referralTexts.startReferring),
          icon: TreeIcon,
          accent: 'sky',
        },
        {
          label: 'Total Earnings (USD)',
          value: (stats) => usd(stats.totalEarningsFromTree),
          icon: TrendingUpIcon,
          accent: 'emerald',
        },
        {
          label: 'Avg per Referral',
          value: (stats) => usd(stats.averageEarningsPerReferral),
          icon: ChartIcon,
          accent: 'violet',
        },
      ]}
    />
  );
}
