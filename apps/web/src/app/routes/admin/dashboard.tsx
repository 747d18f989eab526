import { adminUserTexts } from '@uplink/contract/admin-users';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { PageHeader } from '../../../components/layouts/page-header';
import { RefreshButton } from '../../../components/refresh-button';
import { useOverallStats } from '../../../features/admin-users/api/get-overall-stats';
import { DashboardStatCards } from '../../../features/admin-users/components/dashboard-stat-cards';
import { RecentUsers, RecentWithdrawals } from '../../../features/admin-users/components/recent-activity';
import { errorText } from '../../../lib/error-text';

export default function AdminDashboardPage() {
  const overall = useOverallStats();
  const stats = overall.data;

  return (
    <div className="space-y-6">
      <PageHeader
        title="Admin Dashboard"
        subtitle="Overview & Analytics"
        actions={<RefreshButton busy={overall.isFetching} onClick={() => overall.refetch()} />}
      />
      {overall.isError ? (
        <Alert tone="error" title={adminUserTexts.dashboardErrorTitle}>
          <p>
            {errorText(overall.error, {
              refusal: adminUserTexts.dashboardFailed,
              noAnswer: adminUserTexts.dashboardError,
              exception: adminUserTexts.dashboardError,
            })}
          </p>
          <Button variant="secondary" size="sm" className="mt-3" onClick={() => overall.refetch()}>
            Retry
          </Button>
        </Alert>
      ) : null}
      {/* A failed refresh keeps the figures already loaded under the error box. */}
      {stats || !overall.isError ? (
        <>
          <DashboardStatCards stats={stats} loading={overall.isPending} />
          <div className="grid gap-6 lg:grid-cols-2 lg:items-start">
            <RecentWithdrawals withdrawals={stats?.recentWithdrawals} loading={overall.isPending} />
            <RecentUsers users={stats?.recentJoinedUsers} loading={overall.isPending} />
          </div>
        </>
      ) : null}
    </div>
  );
}
