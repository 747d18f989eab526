import { adminPageSize, searchDebounceMs } from '@uplink/contract/constants';
import { formatCount, formatDateTime, formatMoney, shortenAdminWallet } from '@uplink/contract/format';
import { type AdminWithdrawal, withdrawalTexts } from '@uplink/contract/withdrawals';
import { Decimal } from 'decimal.js';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ButtonLink } from '../../../components/button';
import { Card, CardHeader } from '../../../components/card';
import { ClockIcon, TrendingUpIcon, WalletIcon } from '../../../components/icons';
import { PageHeader } from '../../../components/layouts/page-header';
import { LoadError } from '../../../components/load-error';
import { PagedListFooter } from '../../../components/paged-list-footer';
import { RefreshButton } from '../../../components/refresh-button';
import { StatCards } from '../../../components/stat-card';
import { type Column, DataTable } from '../../../components/table';
import { TextField } from '../../../components/text-field';
import { useAdminWithdrawals } from '../../../features/admin-withdrawals/api/admin-withdrawals';
import { WithdrawalStatusBadge } from '../../../features/admin-withdrawals/components/withdrawal-status-badge';
import { errorText } from '../../../lib/error-text';
import { useDebouncedValue } from '../../../lib/use-debounced-value';

const columns: Column<AdminWithdrawal>[] = [
  {
    key: 'member',
    header: 'Member',
    cell: (w) => (
      <div className="min-w-0">
        <p className="font-medium text-slate-900">
          {w.user.firstName} {w.user.lastName}
        </p>
        <p className="text-slate-500 text-xs">
          {w.user.email} · {w.user.userId}
        </p>
      </div>
    ),
  },
  {
    key: 'amount',
    header: 'Amount',
    cell: (w) => <span className="font-semibold tabular-nums">{formatMoney(w.amount, { unit: 'USDT' })}</span>,
  },
  {
    key: 'address',
    header: 'Address',
    cell: (w) => (
      <span className="font-mono" title={w.walletAddress}>
        {shortenAdminWallet(w.walletAddress)}
      </span>
    ),
  },
  { key: 'status', header: 'Status', cell: (w) => <WithdrawalStatusBadge status={w.status} /> },
  {
    key: 'requested',
    header: 'Requested',
    cell: (w) => <span className="whitespace-nowrap">{formatDateTime(w.requestedAt)}</span>,
  },
  {
    key: 'review',
    header: <span className="sr-only">Action</span>,
    cell: (w) => (
      <ButtonLink
        to={`/admin/withdrawals/${w._id}`}
        variant="secondary"
        size="sm"
        aria-label={`Review the withdrawal of ${w.user.firstName} ${w.user.lastName}`}
      >
        Review
      </ButtonLink>
    ),
  },
];

export default function AdminWithdrawalsPage() {
  const navigate = useNavigate();
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const settledSearch = useDebouncedValue(search.trim(), searchDebounceMs);
  const [searched, setSearched] = useState(settledSearch);
  if (searched !== settledSearch) {
    setSearched(settledSearch);
    setPage(1);
  }
  const withdrawals = useAdminWithdrawals({ page, limit: adminPageSize, search: settledSearch, sort: '-createdAt' });
  const data = withdrawals.data;
  const stats = data?.statistics;

  return (
    <div className="space-y-6">
      <PageHeader
        title="Withdrawals"
        subtitle="Review Requests"
        actions={<RefreshButton busy={withdrawals.isFetching} onClick={() => withdrawals.refetch()} />}
      />
      <StatCards
        loading={withdrawals.isPending}
        statistics={[
          {
            label: 'Total Amount',
            value: stats
              ? formatMoney(new Decimal(stats.totalApprovedAmount).plus(stats.totalPendingAmount).toNumber(), {
                  unit: 'USD',
                })
              : null,
            hint: 'Approved and pending',
            icon: WalletIcon,
          },
          {
            label: 'Pending Requests',
            value: stats ? formatCount(stats.pending) : null,
            icon: ClockIcon,
            accent: 'amber',
          },
          {
            label: 'Approved',
            value: stats ? formatCount(stats.approved) : null,
            hint: stats ? formatMoney(stats.totalApprovedAmount, { unit: 'USD' }) : undefined,
            icon: TrendingUpIcon,
            accent: 'emerald',
          },
          {
            label: 'Rejected or Blocked',
            value: stats ? formatCount(stats.rejected + stats.blocked) : null,
            icon: WalletIcon,
            accent: 'violet',
          },
        ]}
      />
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
        {withdrawals.isError ? (
          <LoadError
            title={errorText(withdrawals.error, {
              refusal: withdrawalTexts.loadFailed,
              noAnswer: withdrawalTexts.loadError,
              exception: withdrawalTexts.loadError,
            })}
            onRetry={() => withdrawals.refetch()}
          />
        ) : (
          <>
            <DataTable
              caption="Withdrawals"
              columns={columns}
              rows={data?.withdrawals ?? []}
              rowKey={(w) => w._id}
              loading={withdrawals.isFetching}
              emptyTitle={withdrawalTexts.emptyHistory}
              emptyDescription={settledSearch ? 'No withdrawal matches this search.' : undefined}
              onRowClick={(w) => navigate(`/admin/withdrawals/${w._id}`)}
            />
            <PagedListFooter
              pagination={data?.pagination}
              noun="withdrawals"
              onPageChange={setPage}
              disabled={withdrawals.isFetching}
            />
          </>
        )}
      </Card>
    </div>
  );
}
