import type { OverallStats } from '@uplink/contract/admin-users';
import { DashboardStatCards } from './dashboard-stat-cards';
import { RecentUsers, RecentWithdrawals } from './recent-activity';

/** The dashboard's figures and its latest withdrawals and members; placeholders until `stats` is loaded. */
export function DashboardOverview({ stats }: { stats: OverallStats | undefined }) {
  const loading = stats === undefined;
  return (
    <>
      <DashboardStatCards stats={stats} loading={loading} />
      <div className="grid gap-6 lg:grid-cols-2 lg:items-start">
        <RecentWithdrawals withdrawals={stats?.recentWithdrawals} loading={loading} />
        <RecentUsers users={stats?.recentJoinedUsers} loading={loading} />
      </div>
    </>
  );
}
