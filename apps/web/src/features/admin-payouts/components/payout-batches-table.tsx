import { formatCount, formatDateTime, formatUsdt } from '@uplink/contract/format';
import type { PayoutBatch } from '@uplink/contract/payout-batches';
import { useState } from 'react';
import { type ListWording, PagedTable } from '../../../components/paged-table';
import type { Column } from '../../../components/table';
import { screenLinkColumn, TwoLineCell } from '../../../components/table-cells';
import { loadFailure } from '../../../lib/error-text';
import { useNavigate } from '../../../lib/router/router';
import { usePayoutBatches } from '../api/get-payout-batches';
import { ApprovalState } from './approval-state';
import { BatchProgress } from './batch-progress';
import { PayoutBatchStatusBadge } from './payout-batch-status-badge';

const batchScreen = (b: PayoutBatch) => `/admin/withdrawals/batches/${b._id}`;

const columns: Column<PayoutBatch>[] = [
  {
    key: 'created',
    header: 'Created',
    card: 'title',
    cell: (b) => <TwoLineCell main={formatDateTime(b.createdAt)} detail={<>by {b.createdBy.name}</>} />,
  },
  {
    key: 'total',
    header: 'Total',
    className: 'text-right',
    cell: (b) => (
      <div>
        <p className="whitespace-nowrap font-semibold tabular-nums">{formatUsdt(b.total)}</p>
        <p className="whitespace-nowrap text-slate-500 text-xs">
          {formatCount(b.count, ['withdrawal', 'withdrawals'])}
        </p>
      </div>
    ),
  },
  { key: 'status', header: 'Status', card: 'status', cell: (b) => <PayoutBatchStatusBadge status={b.status} /> },
  // Not 'Paid': beside a PAID status it read twice.
  { key: 'progress', header: 'Progress', cell: (b) => <BatchProgress batch={b} /> },
  { key: 'approval', header: 'Approval', priority: 'low', cell: (b) => <ApprovalState batch={b} /> },
  screenLinkColumn({
    key: 'open',
    label: 'Open',
    screen: batchScreen,
    accessibleName: (b) => `Open the batch created ${formatDateTime(b.createdAt)}`,
  }),
];

const wording: ListWording = {
  caption: 'Payout batches',
  noun: 'batches',
  failure: loadFailure('The payout batches could not be loaded', 'The payout batches could not be loaded. Try again.'),
  emptyTitle: 'No payout batches yet',
  emptyDescription: 'Select pending withdrawals in the list, or all matching a search, and create a batch.',
};

/** The payout batches, newest first; a row opens the batch. */
export function PayoutBatchesTable() {
  const [page, setPage] = useState(1);
  const batches = usePayoutBatches(page);
  const navigate = useNavigate();
  return (
    <PagedTable
      query={batches}
      rowsIn="batches"
      wording={wording}
      onPageChange={setPage}
      columns={columns}
      foldBelow="lg"
      onRowClick={(b) => navigate(batchScreen(b))}
    />
  );
}
