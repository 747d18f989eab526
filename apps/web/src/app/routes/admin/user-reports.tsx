import { searchDebounceMs, type UserStatus } from '@uplink/contract/constants';
import { useState } from 'react';
import { Alert } from '../../../components/alert';
import { Badge } from '../../../components/badge';
import { Card, CardHeader } from '../../../components/card';
import { PageHeader } from '../../../components/layouts/page-header';
import { RefreshButton } from '../../../components/refresh-button';
import { useMemberReports } from '../../../features/admin-user-reports/api/get-member-reports';
import { ReportDetailsModal } from '../../../features/admin-user-reports/components/report-details-modal';
import { ReportFilters } from '../../../features/admin-user-reports/components/report-filters';
import {
  type ReportSource,
  ReportSourceToggle,
} from '../../../features/admin-user-reports/components/report-source-toggle';
import { ReportsTable } from '../../../features/admin-user-reports/components/reports-table';
import {
  filterReportRows,
  fromLiveReport,
  fromSampleReport,
  type ReportRow,
} from '../../../features/admin-user-reports/utils/report-rows';
import { sampleReports } from '../../../features/admin-user-reports/utils/sample-reports';
import { useDebouncedValue } from '../../../lib/use-debounced-value';

const sampleRows = sampleReports.map(fromSampleReport);

const volumeLabels: Record<ReportSource, string> = {
  sample: 'Trading volume',
  live: 'Master trader share',
};

export default function AdminUserReportsPage() {
  const [source, setSource] = useState<ReportSource>('sample');
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<UserStatus | undefined>(undefined);
  const [page, setPage] = useState(1);
  const settledSearch = useDebouncedValue(search.trim(), searchDebounceMs);
  const [searched, setSearched] = useState(settledSearch);
  if (searched !== settledSearch) {
    setSearched(settledSearch);
    setPage(1);
  }
  const [selected, setSelected] = useState<ReportRow | null>(null);
  const live = useMemberReports({ page, search: settledSearch, status }, source === 'live');
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
      {source === 'sample' ? (
        <Alert tone="info" title="Sample data">
          These members and figures are fixed examples that show the report; none of them is real. Choose Live for the
          same columns computed from your members' actual activity.
        </Alert>
      ) : null}
      <Card>
        <CardHeader
          title={source === 'sample' ? 'Sample reports' : 'Live reports'}
          subtitle={
            source === 'sample'
              ? 'Fixed sample rows; nothing is fetched. Amounts in USDT.'
              : "Newest members first; amounts in USDT. Master trader share: what the member's copy trading paid the master trader, from the cycle statements."
          }
          actions={source === 'sample' ? <Badge tone="amber">Sample data</Badge> : <Badge tone="green">Live</Badge>}
        />
        <ReportFilters
          search={search}
          status={status}
          onSearchChange={setSearch}
          onStatusChange={(next) => {
            setStatus(next);
            setPage(1);
          }}
        />
        {source === 'sample' ? (
          <ReportsTable
            rows={filterReportRows(sampleRows, search, status)}
            volumeLabel={volumeLabel}
            filtered={filtered}
            onOpen={setSelected}
          />
        ) : (
          <ReportsTable
            rows={(live.data?.reports ?? []).map(fromLiveReport)}
            volumeLabel={volumeLabel}
            fetching={live.isFetching}
            error={live.error}
            filtered={filtered}
            pagination={live.data?.pagination}
            onRetry={() => live.refetch()}
            onPageChange={setPage}
            onOpen={setSelected}
          />
        )}
      </Card>
      <ReportDetailsModal row={selected} volumeLabel={volumeLabel} onClose={() => setSelected(null)} />
    </div>
  );
}
