import { fullName } from '@uplink/contract/format';
import { type AdminWithdrawal, type AdminWithdrawals, withdrawalTexts } from '@uplink/contract/withdrawals';
import { type ListWording, PagedTable } from '../../../components/paged-table';
import { RiskMarkBadge } from '../../../components/risk-mark-badge';
import type { Column } from '../../../components/table';
import {
  amountColumn,
  dateTimeColumn,
  MemberCell,
  screenLinkColumn,
  walletColumn,
} from '../../../components/table-cells';
import { WithdrawalStatusBadge } from '../../../components/withdrawal-status-badge';
import { loadFailure } from '../../../lib/error-text';
import type { UseQueryResult } from '../../../lib/query';
import { useNavigate } from '../../../lib/router/router';

const reviewScreen = (w: AdminWithdrawal) => `/admin/withdrawals/${w._id}`;

const columns: Column<AdminWithdrawal>[] = [
  {
    key: 'member',
    header: 'Member',
    card: 'title',
    cell: (w) => <MemberCell member={w.user} marks={<RiskMarkBadge mark={w.risk} />} />,
  },
  amountColumn({ key: 'amount', header: 'Amount', value: (w) => w.amount }),
  walletColumn({ key: 'address', header: 'Address', priority: 'low', value: (w) => w.walletAddress }),
  { key: 'status', header: 'Status', card: 'status', cell: (w) => <WithdrawalStatusBadge status={w.status} /> },
  dateTimeColumn({ key: 'requested', header: 'Requested', value: (w) => w.requestedAt }),
  screenLinkColumn({
    key: 'review',
    label: 'Review',
    screen: reviewScreen,
    accessibleName: (w) => `Review the withdrawal of ${fullName(w.user)}`,
  }),
];

const wording: ListWording = {
  caption: 'Withdrawals',
  noun: 'withdrawals',
  failure: loadFailure(withdrawalTexts.loadFailed, withdrawalTexts.loadError),
  emptyTitle: withdrawalTexts.emptyHistory,
  noneMatching: 'No withdrawal matches this search.',
};

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
      rowsIn="withdrawals"
      wording={wording}
      filtered={searched}
      onPageChange={onPageChange}
      columns={leadingColumn ? [leadingColumn, ...columns] : columns}
      foldBelow="xl"
      onRowClick={(w) => navigate(reviewScreen(w))}
    />
  );
}
