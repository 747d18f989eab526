import { formatCount, formatMoney } from '@uplink/contract/format';
import { type ReferralTreeStatistics, referralTexts } from '@uplink/contract/referrals';
import { ChartIcon, TreeIcon, TrendingUpIcon, UsersIcon } from '../../../components/icons';
import { StatCards } from '../../../components/stat-card';

/**
 * The four cards above the tree; they always describe the whole downline, whatever the search
 * or 'View Levels'. Without statistics (the load failed) each shows a dash.
 */
export function TreeStatistics({ statistics, loading }: { statistics?: ReferralTreeStatistics; loading: boolean }) {
  const depth = statistics?.maxDepthReached ?? 0;
  const usd = (amount: number) => formatMoney(amount, { unit: 'USD' });
  return (
    <StatCards
      loading={loading}
      statistics={[
        {
          label: 'Total Referrals',
          value: statistics ? formatCount(statistics.totalReferrals) : null,
          hint: statistics
            ? `${formatCount(statistics.directReferrals)} direct, ${formatCount(statistics.indirectReferrals)} indirect`
            : null,
          icon: UsersIcon,
        },
        {
          label: 'Network Depth',
          value: statistics ? formatCount(depth) : null,
          hint: depth > 0 ? referralTexts.levelsDeep : referralTexts.startReferring,
          icon: TreeIcon,
          accent: 'sky',
        },
        {
          label: 'Total Earnings (USD)',
          value: statistics ? usd(statistics.totalEarningsFromTree) : null,
          icon: TrendingUpIcon,
          accent: 'emerald',
        },
        {
          label: 'Avg per Referral',
          value: statistics ? usd(statistics.averageEarningsPerReferral) : null,
          icon: ChartIcon,
          accent: 'violet',
        },
      ]}
    />
  );
}
