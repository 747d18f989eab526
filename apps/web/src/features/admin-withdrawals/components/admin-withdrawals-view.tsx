import type { AdminWithdrawal } from '@uplink/contract/withdrawals';
import { type ReactNode, useState } from 'react';
import { Card } from '../../../components/card';
import { CsvExportButton } from '../../../components/csv-export-button';
import { PageHeader } from '../../../components/layouts/page-header';
import { RefreshButton } from '../../../components/refresh-button';
import type { Column } from '../../../components/table';
import { Tabs } from '../../../components/tabs';
import { SearchField } from '../../../components/text-field';
import { useSearchedPage } from '../../../hooks/use-searched-page';
import { usePermissions } from '../../../lib/permissions';
import { useSearchParams } from '../../../lib/router/router';
import { useAdminWithdrawals } from '../api/get-admin-withdrawals';
import { AdminWithdrawalsTable } from './admin-withdrawals-table';
import { WithdrawalStatCards } from './withdrawal-stat-cards';

/** Choosing withdrawals for a payout batch on the list: its first column and the bar above the table. */
export interface WithdrawalBatching {
  leadingColumn: Column<AdminWithdrawal>;
  selectionBar: (rows: readonly AdminWithdrawal[], search: string) => ReactNode;
}

/**
 * Every member's withdrawals, searched, with their statistics; beside them the payout batches on a
 * tab of its own, whose address can be shared. The payout pieces come from the route: an
 * administrator who may manage payouts chooses rows for a batch, one who may read them sees the tab.
 */
export function AdminWithdrawalsView({
  batching,
  batchesPanel,
  batchesAside,
}: {
  batching: WithdrawalBatching;
  batchesPanel: ReactNode;
  /** Below the card while the Batches tab is open. */
  batchesAside: ReactNode;
}) {
  const [search, setSearch] = useState('');
  const { settled, page, setPage } = useSearchedPage({ search });
  const withdrawals = useAdminWithdrawals({ page, search: settled.search });
  const [params, setParams] = useSearchParams();
  const permits = usePermissions();
  const batchable = permits('payouts.manage');
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
                    <SearchField
                      label="Search withdrawals"
                      placeholder="Name, e-mail, user ID or wallet"
                      value={search}
                      onSearch={setSearch}
                      className="w-full sm:w-96"
                    />
                  </div>
                  {batchable ? batching.selectionBar(withdrawals.data?.withdrawals ?? [], settled.search) : null}
                  <AdminWithdrawalsTable
                    withdrawals={withdrawals}
                    searched={settled.search !== ''}
                    onPageChange={setPage}
                    leadingColumn={batchable ? batching.leadingColumn : undefined}
                  />
                </>
              ),
            },
            ...(permits('payouts.read') ? [{ id: 'batches', label: 'Batches', panel: batchesPanel }] : []),
          ]}
        />
      </Card>
      {tab === 'batches' ? batchesAside : null}
    </div>
  );
}
