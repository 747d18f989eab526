import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Card } from '../../../components/card';
import { CsvExportButton } from '../../../components/csv-export-button';
import { PageHeader } from '../../../components/layouts/page-header';
import { RefreshButton } from '../../../components/refresh-button';
import { Tabs } from '../../../components/tabs';
import { TextField } from '../../../components/text-field';
import { BatchSelectionBar } from '../../../features/admin-payouts/components/batch-selection-bar';
import { PayoutBatchesTable } from '../../../features/admin-payouts/components/payout-batches-table';
import { UnmatchedTransfersCard } from '../../../features/admin-payouts/components/unmatched-transfers-card';
import {
  selectionColumn,
  useWithdrawalSelection,
} from '../../../features/admin-payouts/components/withdrawal-selection';
import { useAdminWithdrawals } from '../../../features/admin-withdrawals/api/get-admin-withdrawals';
import { AdminWithdrawalsTable } from '../../../features/admin-withdrawals/components/admin-withdrawals-table';
import { WithdrawalStatCards } from '../../../features/admin-withdrawals/components/withdrawal-stat-cards';
import { useSearchedPage } from '../../../hooks/use-searched-page';
import { usePermissions } from '../../../lib/permissions';

export default function AdminWithdrawalsPage() {
  const [search, setSearch] = useState('');
  const { settled, page, setPage } = useSearchedPage({ search });
  const withdrawals = useAdminWithdrawals({ page, search: settled.search });
  const selection = useWithdrawalSelection();
  const [params, setParams] = useSearchParams();
  const permits = usePermissions();
  const batching = permits('payouts.manage');
  const tab = params.get('tab') === 'batches' && permits('payouts.read') ? 'batches' : 'withdrawals';

  return (
    <div className="space-y-6">
      <PageHeader
        title="Withdrawals"
        subtitle="Review Requests"
        actions={
          <>
            {permits('withdrawals.export') ? (
              <CsvExportButton path="/withdrawals/admin/all/export" query={{ search: settled.search }} />
            ) : null}
            <RefreshButton busy={withdrawals.isFetching} onClick={() => withdrawals.refetch()} />
          </>
        }
      />
      <WithdrawalStatCards statistics={withdrawals.data?.statistics} loading={withdrawals.isPending} />
      <Card>
        <Tabs
          label="Withdrawals and payout batches"
          selected={tab}
          onSelect={(id) => setParams(id === 'batches' ? { tab: 'batches' } : {})}
          tabs={[
            {
              id: 'withdrawals',
              label: 'All withdrawals',
              panel: (
                <>
                  <div className="px-5 pt-4 sm:px-6">
                    <TextField
                      label="Search withdrawals"
                      type="search"
                      placeholder="Name, e-mail, user ID or wallet"
                      value={search}
                      onChange={(event) => setSearch(event.target.value)}
                      className="w-full sm:w-96"
                    />
                  </div>
                  {batching ? (
                    <BatchSelectionBar
                      selection={selection}
                      rows={withdrawals.data?.withdrawals ?? []}
                      search={settled.search}
                    />
                  ) : null}
                  <AdminWithdrawalsTable
                    withdrawals={withdrawals}
                    searched={settled.search !== ''}
                    onPageChange={setPage}
                    leadingColumn={batching ? selectionColumn(selection) : undefined}
                  />
                </>
              ),
            },
            ...(permits('payouts.read') ? [{ id: 'batches', label: 'Batches', panel: <PayoutBatchesTable /> }] : []),
          ]}
        />
      </Card>
      {tab === 'batches' ? <UnmatchedTransfersCard /> : null}
    </div>
  );
}
