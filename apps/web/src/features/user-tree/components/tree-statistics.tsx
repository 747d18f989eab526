import { formatUsd } from '@uplink/contract/format';
import { type ReferralTreeStatistics, referralTexts } from '@uplink/contract/referrals';
import { ChartIcon, TreeIcon, TrendingUpIcon, UsersIcon } from '../../../components/icons';
import { StatCard } from '../../../components/stat-card';

const count = new Intl.NumberFormat('en-US');

/** The four cards above the tree; they always describe the whole tree, whatever the search. */
export function TreeStatistics({ statistics, loading }: { statistics?: ReferralTreeStatistics; loading: boolean }) {
  const depth = statistics?.maxDepthReached ?? 0;
  return (
    <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
      <StatCard
        label="Total Referrals"
        value={count.format(statistics?.totalReferrals ?? 0)}
        hint={`${count.format(statistics?.directReferrals ?? 0)} direct, ${count.format(statistics?.indirectReferrals ?? 0)} indirect`}
        icon={<UsersIcon size={18} />}
        loading={loading}
      />
      <StatCard
        label="Network Depth"
        value={depth}
        hint={depth > 0 ? referralTexts.levelsDeep : referralTexts.startReferring}
        icon={<TreeIcon size={18} />}
        accent="sky"
        loading={loading}
      />
      <StatCard
        label="Total Earnings (USD)"
        value={formatUsd(statistics?.totalEarningsFromTree)}
        icon={<TrendingUpIcon size={18} />}
        accent="emerald"
        loading={loading}
      />
      <StatCard
        label="Avg per Referral"
        value={formatUsd(statistics?.averageEarningsPerReferral)}
        icon={<ChartIcon size={18} />}
        accent="violet"
        loading={loading}
      />
    </div>
  );
}
