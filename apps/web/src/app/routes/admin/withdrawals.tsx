import { useState } from 'react';
import { Card, CardHeader } from '../../../components/card';
import { CsvExportButton } from '../../../components/csv-export-button';
import { PageHeader } from '../../../components/layouts/page-header';
import { RefreshButton } from '../../../components/refresh-button';
import { TextField } from '../../../components/text-field';
import { useAdminWithdrawals } from '../../../features/admin-withdrawals/api/get-admin-withdrawals';
import { AdminWithdrawalsTable } from '../../../features/admin-withdrawals/components/admin-withdrawals-table';
import { WithdrawalStatCards } from '../../../features/admin-withdrawals/components/withdrawal-stat-cards';
import { useSearchedPage } from '../../../hooks/use-searched-page';

export default function AdminWithdrawalsPage() {
  const [search, setSearch] = useState('');
  const { settled, page, setPage } = useSearchedPage({ search });
  const withdrawals = useAdminWithdrawals({ page, search: settled.search });

  return (
    <div className="space-y-6">
      <PageHeader
        title="Withdrawals"
        subtitle="Review Requests"
        actions={
          <>
            <CsvExportButton path="/withdrawals/admin/all/export" query={{ search: settled.search }} />
            <RefreshButton busy={withdrawals.isFetching} onClick={() => withdrawals.refetch()} />
          </>
        }
      />
      <WithdrawalStatCards statistics={withdrawals.data?.statistics} loading={withdrawals.isPending} />
      <Card>
        <CardHeader
          title="All withdrawals"
          actions={
            <TextField
              label="Search withdrawals"
              type="search"
              placeholder="Name, e-mail, user ID or wallet"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
              className="w-72"
            />
          }
        />
        <AdminWithdrawalsTable withdrawals={withdrawals} searched={settled.search !== ''} onPageChange={setPage} />
      </Card>
    </div>
  );
}
