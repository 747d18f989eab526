import type { AdminUserDetail } from '@uplink/contract/admin-users';
import { formatCount, formatMoney, formatUsdt } from '@uplink/contract/format';
import { decisionTextLabel, type Withdrawal, withdrawalStatuses, withdrawalTexts } from '@uplink/contract/withdrawals';
import { CheckCircleIcon, ClockIcon, TrendingUpIcon, WalletIcon } from '../../../components/icons';
import type { Column } from '../../../components/table';
import { dateTimeColumn, walletColumn } from '../../../components/table-cells';
import { WithdrawalStatusBadge } from '../../../components/withdrawal-status-badge';
import { useNavigate } from '../../../lib/router/router';
import type { WithdrawalStatusFilter } from '../utils/loaded-page-filters';
import { LoadedPageTab } from './loaded-page-tab';

const statusOptions: { value: WithdrawalStatusFilter; label: string }[] = [
  { value: 'ALL', label: 'All Status' },
  ...withdrawalStatuses.map((status) => ({ value: status, label: status })),
];

const columns: Column<Withdrawal>[] = [
  {
    key: 'amount',
    header: 'Amount',
    className: 'text-right',
    card: 'title',
    cell: (withdrawal) => (
      <span className="whitespace-nowrap font-semibold text-slate-900 tabular-nums">
        {formatMoney(withdrawal.amount)}
      </span>
    ),
  },
  { key: 'asset', header: 'Asset', priority: 'low', cell: (withdrawal) => withdrawal.asset },
  walletColumn({ key: 'wallet', header: 'Wallet', priority: 'low', value: (withdrawal) => withdrawal.walletAddress }),
  {
    key: 'status',
    header: 'Status',
    card: 'status',
    cell: (withdrawal) => (
      <div className="space-y-1">
        <WithdrawalStatusBadge status={withdrawal.status} />
        {withdrawal.reason ? (
          <p className={`max-w-56 text-xs ${withdrawal.status === 'APPROVED' ? 'text-slate-600' : 'text-red-700'}`}>
            {decisionTextLabel(withdrawal.status)}: {withdrawal.reason}
          </p>
        ) : null}
      </div>
    ),
  },
  dateTimeColumn({ key: 'requested', header: 'Requested', value: (withdrawal) => withdrawal.requestedAt }),
  dateTimeColumn({
    key: 'processed',
    header: 'Processed',
    priority: 'low',
    value: (withdrawal) => withdrawal.processedAt,
  }),
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
  const { statistics } = withdrawals;
  return (
    <LoadedPageTab
      statistics={[
        { label: 'Total Requested', value: formatUsdt(statistics.totalRequestedAmount), icon: WalletIcon },
        {
          label: 'Approved',
          value: formatUsdt(statistics.totalApprovedAmount),
          icon: CheckCircleIcon,
          accent: 'emerald',
        },
        { label: 'Pending', value: formatUsdt(statistics.totalPendingAmount), icon: ClockIcon, accent: 'amber' },
        { label: 'Total Count', value: formatCount(statistics.total), icon: TrendingUpIcon, accent: 'violet' },
      ]}
      filter={{
        label: 'Status',
        field: 'status',
        options: statusOptions,
        noneShown: 'None with this status on this page.',
      }}
      loaded={withdrawals}
      noun="withdrawals"
      fetching={fetching}
      onPageChange={onPageChange}
      columns={columns}
      emptyTitle={withdrawalTexts.emptyHistory}
      onRowClick={(withdrawal) => navigate(`/admin/withdrawals/${encodeURIComponent(withdrawal._id)}`)}
    />
  );
}
