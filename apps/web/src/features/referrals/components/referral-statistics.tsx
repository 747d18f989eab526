import type { ReferralStatistics as Statistics } from '@uplink/contract/referrals';
import { CheckCircleIcon, ExternalLinkIcon, UsersIcon, WalletIcon } from '../../../components/icons';
import { StatCard } from '../../../components/stat-card';

const count = new Intl.NumberFormat('en-US');

/** The four figures of the referrals screen, over every referral the level filter matches. */
export function ReferralStatistics({ statistics, loading }: { statistics?: Statistics; loading: boolean }) {
  return (
    <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
      <StatCard
        label="Total Referrals"
        value={count.format(statistics?.totalReferrals ?? 0)}
        icon={<UsersIcon size={18} />}
        loading={loading}
      />
      <StatCard
        label="Active Users"
        value={count.format(statistics?.activeReferrals ?? 0)}
        icon={<CheckCircleIcon size={18} />}
        accent="emerald"
        loading={loading}
      />
      <StatCard
        label="BingX Linked"
        value={count.format(statistics?.bingxLinked ?? 0)}
        icon={<ExternalLinkIcon size={18} />}
        accent="sky"
        loading={loading}
      />
      <StatCard
        label="Paid Subscriptions"
        value={count.format(statistics?.paidSubscriptions ?? 0)}
        icon={<WalletIcon size={18} />}
        accent="violet"
        loading={loading}
      />
    </div>
  );
}
