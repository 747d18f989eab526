import { type AdminUserListItem, adminUserTexts } from '@uplink/contract/admin-users';
import { searchDebounceMs } from '@uplink/contract/constants';
import { formatCount, fullName } from '@uplink/contract/format';
import { useState } from 'react';
import { Alert } from '../../../components/alert';
import { Card, CardHeader } from '../../../components/card';
import { PageHeader } from '../../../components/layouts/page-header';
import { LoadError } from '../../../components/load-error';
import { Pagination } from '../../../components/pagination';
import { RefreshButton } from '../../../components/refresh-button';
import { TextField } from '../../../components/text-field';
import { Toast, useNavigationToast, useToast } from '../../../components/toast';
import { useAdminUsers } from '../../../features/admin-users/api/get-admin-users';
import { AdminUsersTable } from '../../../features/admin-users/components/admin-users-table';
import {
  StatusChangeDialogs,
  type StatusChangeTarget,
} from '../../../features/admin-users/components/status-change-dialogs';
import { UserStatCards } from '../../../features/admin-users/components/user-stat-cards';
import { useAuth } from '../../../lib/auth';
import { errorText } from '../../../lib/error-text';
import { useDebouncedValue } from '../../../lib/use-debounced-value';

function statusTarget(user: AdminUserListItem): StatusChangeTarget {
  return { _id: user._id, name: fullName(user), userId: user.userId, status: user.status };
}

export default function AdminUsersPage() {
  const { user: administrator } = useAuth();
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const settledSearch = useDebouncedValue(search.trim(), searchDebounceMs);
  const [searched, setSearched] = useState(settledSearch);
  if (searched !== settledSearch) {
    setSearched(settledSearch);
    setPage(1);
  }
  const users = useAdminUsers({ page, search: settledSearch });
  const data = users.data;

  const [editing, setEditing] = useState<StatusChangeTarget | null>(null);
  const [statusProblem, setStatusProblem] = useState<string | null>(null);
  const { toast, showToast, dismissToast } = useToast();
  useNavigationToast(showToast);

  return (
    <div className="space-y-6">
      <PageHeader
        title="Users"
        subtitle="Manage Users"
        actions={<RefreshButton busy={users.isFetching} onClick={() => users.refetch()} />}
      />
      <UserStatCards stats={data?.stats} loading={users.isPending} />
      {statusProblem ? <Alert tone="error" title={statusProblem} /> : null}
      <Card>
        <CardHeader
          title="All users"
          actions={
            <TextField
              label="Search users"
              type="search"
              placeholder="Name, e-mail, user ID or referral code"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
              className="w-72"
            />
          }
        />
        {users.isError ? (
          <LoadError
            title={errorText(users.error, {
              silentServer: adminUserTexts.loadUsersFailed,
              noAnswer: adminUserTexts.loadUsersError,
              exception: adminUserTexts.loadUsersError,
            })}
            onRetry={() => users.refetch()}
          />
        ) : (
          <>
            <AdminUsersTable
              users={data?.users ?? []}
              loading={users.isFetching}
              searched={settledSearch !== ''}
              currentAdminId={administrator?._id}
              onEditStatus={(user) => {
                setStatusProblem(null);
                setEditing(statusTarget(user));
              }}
            />
            {data && data.pagination.totalUsers > 0 ? (
              <div className="border-slate-100 border-t px-5 py-4">
                <Pagination
                  currentPage={data.pagination.currentPage}
                  totalPages={data.pagination.totalPages}
                  onPageChange={setPage}
                  disabled={users.isFetching}
                  summary={`Showing ${formatCount(data.users.length)} of ${formatCount(data.pagination.totalUsers)} users`}
                />
              </div>
            ) : null}
          </>
        )}
      </Card>
      <StatusChangeDialogs
        member={editing}
        onClose={() => setEditing(null)}
        onChanged={(status) => {
          setEditing(null);
          showToast(adminUserTexts.statusUpdated(status), 'success');
        }}
        onFailed={(message) => {
          setEditing(null);
          setStatusProblem(message);
          showToast(adminUserTexts.statusUpdateFailed, 'error');
        }}
      />
      <Toast toast={toast} onDismiss={dismissToast} />
    </div>
  );
}
