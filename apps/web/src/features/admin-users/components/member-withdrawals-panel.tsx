import type { AdminUserDetail } from '@uplink/contract/admin-users';
import { formatCount, formatDateTime, formatMoney, shortenAdminWallet } from '@uplink/contract/format';
import { type Withdrawal, withdrawalStatuses, withdrawalTexts } from '@uplink/contract/withdrawals';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { CheckCircleIcon, ClockIcon, TrendingUpIcon, WalletIcon } from '../../../components/icons';
import { PagingFooter } from '../../../components/pagination';
import { SelectField } from '../../../components/select-field';
import { StatCards } from '../../../components/stat-card';
import { type Column, DataTable } from '../../../components/table';
import { WithdrawalStatusBadge } from '../../../components/withdrawal-status-badge';
import { type WithdrawalStatusFilter, withdrawalsWithStatus } from '../utils/loaded-page-filters';

const statusOptions: { value: WithdrawalStatusFilter; label: string }[] = [
  { value: 'ALL', label: 'All Status' },
  ...withdrawalStatuses.map((status) => ({ value: status, label: status })),
];

const usd = (amount: number) => formatMoney(amount, { unit: 'USD' });

const columns: Column<Withdrawal>[] = [
  {
    key: 'amount',
    header: 'Amount',
    className: 'text-right',
    cell: (withdrawal) => (
      <span className="whitespace-nowrap font-semibold text-slate-900 tabular-nums">
        {formatMoney(withdrawal.amount)}
      </span>
    ),
  },
  { key: 'asset', header: 'Asset', cell: (withdrawal) => withdrawal.asset },
  {
    key: 'wallet',
    header: 'Wallet',
    cell: (withdrawal) => (
      <span className="font-mono text-xs" title={withdrawal.walletAddress}>
        {shortenAdminWallet(withdrawal.walletAddress)}
      </span>
    ),
  },
  {
    key: 'status',
    header: 'Status',
    cell: (withdrawal) => (
      <div className="space-y-1">
        <WithdrawalStatusBadge status={withdrawal.status} />
        {withdrawal.reason ? <p className="max-w-56 text-red-700 text-xs">{withdrawal.reason}</p> : null}
      </div>
    ),
  },
  {
    key: 'requested',
    header: 'Requested',
    cell: (withdrawal) => <span className="whitespace-nowrap">{formatDateTime(withdrawal.requestedAt)}</span>,
  },
  {
    key: 'processed',
    header: 'Processed',
    cell: (withdrawal) => <span className="whitespace-nowrap">{formatDateTime(withdrawal.processedAt)}</span>,
  },
];

/**
 * The Withdrawals tab: the member's withdrawal totals and a page of withdrawals, filtered by status
 * on that page; a row opens the withdrawal's review.
 */
export function MemberWithdrawalsPanel({
  withdrawals,
  fetching,
  onPageChange,
}: {
  withdrawals: NonNullable<AdminUserDetail['withdrawals']>;
  fetching: boolean;
  onPageChange: (page: number) => void;
}) {
  const navigate = useNavigate();
  const [status, setStatus] = useState<WithdrawalStatusFilter>('ALL');
  const shown = withdrawalsWithStatus(withdrawals.data, status);
  const { statistics, pagination } = withdrawals;
  return (
    <div>
      <div className="space-y-4 border-slate-100 border-b p-5 sm:p-6">
        <StatCards
          statistics={[
            { label: 'Total Requested', value: usd(statistics.totalRequestedAmount), icon: WalletIcon },
            {
              label: 'Approved',
              value: usd(statistics.totalApprovedAmount),
              icon: CheckCircleIcon,
              accent: 'emerald',
            },
            { label: 'Pending', value: usd(statistics.totalPendingAmount), icon: ClockIcon, accent: 'amber' },
            {
              label: 'Total Count',
              value: formatCount(statistics.total),
              icon: TrendingUpIcon,
              accent: 'violet',
            },
          ]}
        />
        <SelectField
          label="Status"
          options={statusOptions}
          value={status}
          onChange={(event) => setStatus(event.target.value as WithdrawalStatusFilter)}
          hint="Filters the withdrawals of the page shown."
          className="sm:w-64"
        />
      </div>
      <DataTable
        caption="Withdrawals of this member"
        columns={columns}
        rows={shown}
        rowKey={(withdrawal) => withdrawal._id}
        loading={fetching}
        onRowClick={(withdrawal) => navigate(`/admin/withdrawals/${encodeURIComponent(withdrawal._id)}`)}
        emptyTitle={withdrawalTexts.emptyHistory}
        emptyDescription={
          status !== 'ALL' && withdrawals.data.length > 0 ? 'None with this status on this page.' : undefined
        }
      />
      <PagingFooter
        currentPage={pagination.currentPage}
        totalPages={pagination.totalPages}
        total={pagination.totalRecords}
        shown={shown.length}
        noun="withdrawals"
        onPageChange={onPageChange}
        disabled={fetching}
        pages="previous and next"
      />
    </div>
  );
}
