import type { OverallStats } from '@uplink/contract/admin-users';
import { formatCount, formatMoney } from '@uplink/contract/format';
import { CheckCircleIcon, ClockIcon, GiftIcon, UserIcon, UsersIcon, WalletIcon } from '../../../components/icons';
import { StatCards } from '../../../components/stat-card';

const usdt = (amount: number) => formatMoney(amount, { unit: 'USDT' });

/** The six totals of the admin dashboard: members, onboarding, today's sign-ups, withdrawals and rewards. */
export function DashboardStatCards({ stats, loading }: { stats: OverallStats | undefined; loading: boolean }) {
  return (
    <StatCards
      loading={loading}
      grid="grid grid-cols-2 gap-4 lg:grid-cols-3"
      statistics={[
        {
          label: 'Total Users',
          value: stats ? formatCount(stats.users.totalUsers) : null,
          icon: UsersIcon,
        },
        {
          label: 'Completed Onboarding',
          value: stats ? formatCount(stats.users.completedOnboarding) : null,
          hint: 'Subscription paid and exchange UID linked',
          icon: CheckCircleIcon,
          accent: 'emerald',
        },
        {
          label: 'New Users Today',
          value: stats ? formatCount(stats.users.newUsersToday) : null,
          hint: 'Since 00:00 UTC',
          icon: UserIcon,
          accent: 'sky',
        },
        {
          label: 'Pending Withdrawals',
          value: stats ? formatCount(stats.withdrawals.pendingCount) : null,
          hint: 'Waiting for a decision',
          icon: ClockIcon,
          accent: 'amber',
        },
        {
          label: 'Withdrawals Amount',
          value: stats ? usdt(stats.withdrawals.totalAmount) : null,
          hint: 'Approved and pending',
          icon: WalletIcon,
          accent: 'violet',
        },
        {
          label: 'Rewards Distributed',
          value: stats ? usdt(stats.rewards.totalDistributed) : null,
          hint: 'Credited to members: the sum of their Total Earned',
          icon: GiftIcon,
        },
      ]}
    />
  );
}
