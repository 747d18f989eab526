import { adminUserTexts } from '@uplink/contract/admin-users';
import { PageHeader } from '../../../components/layouts/page-header';
import { QueryState } from '../../../components/query-state';
import { RefreshButton } from '../../../components/refresh-button';
import { AdminFunnelCard } from '../../../features/admin-funnel/components/admin-funnel-card';
import { useOverallStats } from '../../../features/admin-users/api/get-overall-stats';
import { DashboardOverview } from '../../../features/admin-users/components/dashboard-overview';
import { errorText, loadFailure } from '../../../lib/error-text';

export default function AdminDashboardPage() {
  const overall = useOverallStats();
  return (
    <div className="space-y-6">
      <PageHeader
        title="Admin Dashboard"
        subtitle="Overview & Analytics"
        actions={<RefreshButton busy={overall.isFetching} onClick={() => overall.refetch()} />}
      />
      <QueryState
        query={overall}
        failure={adminUserTexts.dashboardErrorTitle}
        failureDetails={
          <p>{errorText(overall.error, loadFailure(adminUserTexts.dashboardFailed, adminUserTexts.dashboardError))}</p>
        }
        pending={<DashboardOverview stats={undefined} />}
      >
        {(stats) => <DashboardOverview stats={stats} />}
      </QueryState>
      <AdminFunnelCard title="Invitation funnel" />
    </div>
  );
}
