import { formatCount } from '@uplink/contract/format';
import type { ReferralStatistics as Statistics } from '@uplink/contract/referrals';
import { CheckCircleIcon, ExternalLinkIcon, UsersIcon, WalletIcon } from '../../../components/icons';
import { LoadedStatCards } from '../../../components/stat-card';

/** One count of the statistics, e.g. the active referrals. */
const figure = (key: keyof Statistics) => (statistics: Statistics) => formatCount(statistics[key]);

/**
 * The four figures of the referrals screen, over every referral the level filter matches;
 * without statistics (the load failed) each shows a dash.
 */
export function ReferralStatistics({ statistics, loading }: { statistics?: Statistics; loading: boolean }) {
  return (
    <LoadedStatCards
      figures={statistics}
      loading={loading}
      statistics={[
        { label: 'Total Referrals', value: figure('totalReferrals'), icon: UsersIcon },
        { label: 'Active Users', value: figure('activeReferrals'), icon: CheckCircleIcon, accent: 'emerald' },
        { label: 'BingX Linked', value: figure('bingxLinked'), icon: ExternalLinkIcon, accent: 'sky' },
        { label: 'Paid Subscriptions', value: figure('paidSubscriptions'), icon: WalletIcon, accent: 'violet' },
      ]}
    />
  );
}
