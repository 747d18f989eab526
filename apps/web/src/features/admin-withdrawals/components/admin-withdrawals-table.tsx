import type { UseQueryResult } from '@tanstack/react-query';
import { formatDateTime, formatMoney, shortenAdminWallet } from '@uplink/contract/format';
import { type AdminWithdrawal, type AdminWithdrawals, withdrawalTexts } from '@uplink/contract/withdrawals';
import { useNavigate } from 'react-router';
import { ButtonLink } from '../../../components/button';
import { PagedTable } from '../../../components/paged-table';
import { RiskMarkBadge } from '../../../components/risk-mark-badge';
import type { Column } from '../../../components/table';
import { WithdrawalStatusBadge } from '../../../components/withdrawal-status-badge';
import { errorText, loadFailure } from '../../../lib/error-text';

const columns: Column<AdminWithdrawal>[] = [
  {
    key: 'member',
    header: 'Member',
    card: 'title',
    cell: (w) => (
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1 font-medium text-slate-900">
          <span>
            {w.user.firstName} {w.user.lastName}
          </span>
          <RiskMarkBadge mark={w.risk} />
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
    cell: (w) => (
      <span className="whitespace-nowrap font-semibold tabular-nums">{formatMoney(w.amount, { unit: 'USDT' })}</span>
    ),
  },
  {
    key: 'address',
    header: 'Address',
    priority: 'low',
    cell: (w) => (
      <span className="font-mono" title={w.walletAddress}>
        {shortenAdminWallet(w.walletAddress)}
      </span>
    ),
  },
  { key: 'status', header: 'Status', card: 'status', cell: (w) => <WithdrawalStatusBadge status={w.status} /> },
  {
    key: 'requested',
    header: 'Requested',
    cell: (w) => <span className="whitespace-nowrap">{formatDateTime(w.requestedAt)}</span>,
  },
  {
    key: 'review',
    header: <span className="sr-only">Action</span>,
    card: 'action',
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

/** A page of every member's withdrawals, newest first; a row opens its review. */
export function AdminWithdrawalsTable({
  withdrawals,
  searched,
  onPageChange,
  leadingColumn,
}: {
  withdrawals: UseQueryResult<AdminWithdrawals>;
  /** A search narrowed the list (the empty state says so). */
  searched: boolean;
  onPageChange: (page: number) => void;
  /** A column the screen puts first (the payout batch selection). */
  leadingColumn?: Column<AdminWithdrawal>;
}) {
  const navigate = useNavigate();
  return (
    <PagedTable
      query={withdrawals}
      failure={errorText(withdrawals.error, loadFailure(withdrawalTexts.loadFailed, withdrawalTexts.loadError))}
      page={({ withdrawals: rows, pagination }) => ({ rows, pagination })}
      noun="withdrawals"
      onPageChange={onPageChange}
      caption="Withdrawals"
      columns={leadingColumn ? [leadingColumn, ...columns] : columns}
      foldBelow="xl"
      rowKey={(w) => w._id}
      emptyTitle={withdrawalTexts.emptyHistory}
      emptyDescription={searched ? 'No withdrawal matches this search.' : undefined}
      onRowClick={(w) => navigate(`/admin/withdrawals/${w._id}`)}
    />
  );
}
