import { fullName } from '@uplink/contract/format';
import { useState } from 'react';
import { Alert } from '../../../components/alert';
import { Card, CardHeader } from '../../../components/card';
import { CsvExportButton } from '../../../components/csv-export-button';
import { PageHeader } from '../../../components/layouts/page-header';
import { RefreshButton } from '../../../components/refresh-button';
import { SearchField } from '../../../components/text-field';
import { Toast, useNavigationToast, useToast } from '../../../components/toast';
import { useAdminUsers } from '../../../features/admin-users/api/get-admin-users';
import { AdminUsersTable } from '../../../features/admin-users/components/admin-users-table';
import { UserStatCards } from '../../../features/admin-users/components/user-stat-cards';
import { useStatusChange } from '../../../features/admin-users/hooks/use-status-change';
import { useSearchedPage } from '../../../hooks/use-searched-page';
import { usePermissions } from '../../../lib/permissions';

export default function AdminUsersPage() {
  const [search, setSearch] = useState('');
  const { settled, page, setPage } = useSearchedPage({ search });
  const users = useAdminUsers({ page, search: settled.search });
  const { toast, showToast, dismissToast } = useToast();
  useNavigationToast(showToast);
  const statusChange = useStatusChange(showToast);
  const permits = usePermissions();

  return (
    <div className="space-y-6">
      <PageHeader
        title="Users"
        subtitle="Manage Users"
        actions={
          <>
            {permits('members.export') ? (
              <CsvExportButton path="/users/admin/all/export" query={{ search: settled.search }} />
            ) : null}
            <RefreshButton busy={users.isFetching} onClick={() => users.refetch()} />
          </>
        }
      />
      <UserStatCards stats={users.data?.stats} loading={users.isPending} />
      {statusChange.problem ? <Alert tone="error" title={statusChange.problem} /> : null}
      <Card>
        <CardHeader
          title="All users"
          actions={
            <SearchField
              label="Search users"
              placeholder="Name, e-mail, ID or code"
              value={search}
              onSearch={setSearch}
              className="w-[min(24rem,calc(100vw-5.5rem))]"
            />
          }
        />
        <AdminUsersTable
          users={users}
          searched={settled.search !== ''}
          onEditStatus={
            permits('members.manage')
              ? (user) =>
                  statusChange.edit({ _id: user._id, name: fullName(user), userId: user.userId, status: user.status })
              : undefined
          }
          onPageChange={setPage}
        />
      </Card>
      {statusChange.dialogs}
      <Toast toast={toast} onDismiss={dismissToast} />
    </div>
  );
}
