import type { UserStats } from '@uplink/contract/admin-users';
import { formatCount } from '@uplink/contract/format';
import { CheckCircleIcon, ShieldIcon, UserIcon, UsersIcon } from '../../../components/icons';
import { StatCards } from '../../../components/stat-card';

/** Every member not deleted, whatever the search: the list narrows, these totals do not. */
export function UserStatCards({ stats, loading }: { stats: UserStats | undefined; loading: boolean }) {
  return (
    <StatCards
      loading={loading}
      statistics={[
        {
          label: 'Total Users',
          value: stats ? formatCount(stats.totalUsers) : null,
          hint: stats
            ? `${formatCount(stats.verifiedUsers)} verified · ${formatCount(stats.unverifiedUsers)} unverified`
            : undefined,
          icon: UsersIcon,
        },
        {
          label: 'Active Users',
          value: stats ? formatCount(stats.activeUsers) : null,
          icon: CheckCircleIcon,
          accent: 'emerald',
        },
        {
          label: 'Locked or Disabled',
          value: stats ? formatCount(stats.lockedUsers + stats.disabledUsers) : null,
          hint: stats
            ? `${formatCount(stats.lockedUsers)} locked · ${formatCount(stats.disabledUsers)} disabled`
            : undefined,
          icon: ShieldIcon,
          accent: 'amber',
        },
        {
          label: 'Onboarding Completed',
          value: stats ? formatCount(stats.onboardingCompleted) : null,
          hint: stats ? `${formatCount(stats.subscriptionPaid)} subscriptions running` : undefined,
          icon: UserIcon,
          accent: 'violet',
        },
      ]}
    />
  );
}
