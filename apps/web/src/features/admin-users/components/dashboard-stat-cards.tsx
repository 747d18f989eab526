import type { OverallStats } from '@uplink/contract/admin-users';
import { formatCount, formatUsdt } from '@uplink/contract/format';
import { CheckCircleIcon, ClockIcon, GiftIcon, UserIcon, UsersIcon, WalletIcon } from '../../../components/icons';
import { LoadedStatCards } from '../../../components/stat-card';

/** The six totals of the admin dashboard: members, onboarding, today's sign-ups, withdrawals and rewards. */
export function DashboardStatCards({ stats, loading }: { stats: OverallStats | undefined; loading: boolean }) {
  return (
    <LoadedStatCards
      figures={stats}
      loading={loading}
      grid="grid grid-cols-2 gap-4 lg:grid-cols-3"
      statistics={[
        {
          label: 'Total Users',
          value: (totals) => formatCount(totals.users.totalUsers),
          icon: UsersIcon,
        },
        {
          label: 'Completed Onboarding',
          value: (totals) => formatCount(totals.users.completedOnboarding),
          hint: 'Subscription paid and exchange UID linked',
          icon: CheckCircleIcon,
          accent: 'emerald',
        },
        {
          label: 'New Users Today',
          value: (totals) => formatCount(totals.users.newUsersToday),
          hint: 'Since 00:00 UTC',
          icon: UserIcon,
          accent: 'sky',
        },
        {
          label: 'Pending Withdrawals',
          value: (totals) => formatCount(totals.withdrawals.pendingCount),
          hint: 'Waiting for a decision',
          icon: ClockIcon,
          accent: 'amber',
        },
        {
          label: 'Withdrawals Amount',
          value: (totals) => formatUsdt(totals.withdrawals.totalAmount),
          hint: 'Approved and pending',
          icon: WalletIcon,
          accent: 'violet',
        },
        {
          label: 'Rewards Distributed',
          value: (totals) => formatUsdt(totals.rewards.totalDistributed),
          hint: 'Credited to members: the sum of their Total Earned',
          icon: GiftIcon,
        },
      ]}
    />
  );
}
