import type { UserStatus } from '@uplink/contract/constants';
import { useState } from 'react';
import { Card } from '../../../components/card';
import { PageHeader } from '../../../components/layouts/page-header';
import { RefreshButton } from '../../../components/refresh-button';
import { AdminFunnelCard } from '../../../features/admin-funnel/components/admin-funnel-card';
import { useMemberReports } from '../../../features/admin-user-reports/api/get-member-reports';
import { ReportDetailsModal } from '../../../features/admin-user-reports/components/report-details-modal';
import { ReportFilters } from '../../../features/admin-user-reports/components/report-filters';
import {
  type ReportSource,
  ReportSourceToggle,
} from '../../../features/admin-user-reports/components/report-source-toggle';
import {
  ReportsCardHeader,
  SampleDataNotice,
  volumeLabels,
} from '../../../features/admin-user-reports/components/reports-card-header';
import { LiveReports, SampleReports } from '../../../features/admin-user-reports/components/reports-table';
import {
  filterReportRows,
  fromSampleReport,
  type ReportRow,
} from '../../../features/admin-user-reports/utils/report-rows';
import { sampleReports } from '../../../features/admin-user-reports/utils/sample-reports';
import { useSearchedPage } from '../../../hooks/use-searched-page';

const sampleRows = sampleReports.map(fromSampleReport);

export default function AdminUserReportsPage() {
  const [source, setSource] = useState<ReportSource>('sample');
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<UserStatus | undefined>(undefined);
  const { settled, page, setPage } = useSearchedPage({ search }, { status });
  const [selected, setSelected] = useState<ReportRow | null>(null);
  const live = useMemberReports({ page, search: settled.search, status }, source === 'live');
  const filtered = search.trim() !== '' || status !== undefined;
  const volumeLabel = volumeLabels[source];

  return (
    <div className="space-y-6">
      <PageHeader
        title="User Reports"
        subtitle="Balances, withdrawals, rewards and activity per member"
        actions={
          <>
            <ReportSourceToggle source={source} onChange={setSource} />
            {source === 'live' ? <RefreshButton busy={live.isFetching} onClick={() => live.refetch()} /> : null}
          </>
        }
      />
      {source === 'sample' ? <SampleDataNotice /> : null}
      <Card>
        <ReportsCardHeader source={source} />
        <ReportFilters search={search} status={status} onSearchChange={setSearch} onStatusChange={setStatus} />
        {source === 'sample' ? (
          <SampleReports
            rows={filterReportRows(sampleRows, search, status)}
            volumeLabel={volumeLabel}
            filtered={filtered}
            onOpen={setSelected}
          />
        ) : (
          <LiveReports
            reports={live}
            volumeLabel={volumeLabel}
            filtered={filtered}
            onPageChange={setPage}
            onOpen={setSelected}
          />
        )}
      </Card>
      <AdminFunnelCard title="Invitation funnel of the network" />
      <ReportDetailsModal row={selected} volumeLabel={volumeLabel} onClose={() => setSelected(null)} />
    </div>
  );
}
