import type { UserStats } from '@uplink/contract/admin-users';
import { formatCount } from '@uplink/contract/format';
import { CheckCircleIcon, ShieldIcon, UserIcon, UsersIcon } from '../../../components/icons';
import { LoadedStatCards } from '../../../components/stat-card';

/** Every member not deleted, whatever the search: the list narrows, these totals do not. */
export function UserStatCards({ stats, loading }: { stats: UserStats | undefined; loading: boolean }) {
  return (
    <LoadedStatCards
      figures={stats}
      loading={loading}
      statistics={[
        {
          label: 'Total Users',
          value: (totals) => formatCount(totals.totalUsers),
          hint: (totals) =>
            `${formatCount(totals.verifiedUsers)} verified · ${formatCount(totals.unverifiedUsers)} unverified`,
          icon: UsersIcon,
        },
        {
          label: 'Active Users',
          value: (totals) => formatCount(totals.activeUsers),
          icon: CheckCircleIcon,
          accent: 'emerald',
        },
        {
          label: 'Locked or Disabled',
          value: (totals) => formatCount(totals.lockedUsers + totals.disabledUsers),
          hint: (totals) => `${formatCount(totals.lockedUsers)} locked · ${formatCount(totals.disabledUsers)} disabled`,
          icon: ShieldIcon,
          accent: 'amber',
        },
        {
          label: 'Onboarding Completed',
          value: (totals) => formatCount(totals.onboardingCompleted),
          hint: (totals) => `${formatCount(totals.subscriptionPaid)} subscriptions running`,
          icon: UserIcon,
          accent: 'violet',
        },
      ]}
    />
  );
}
