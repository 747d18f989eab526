import { formatCount, formatDateTime } from '@uplink/contract/format';
import { type UnmatchedTransfer, unmatchedTransferReasonTexts } from '@uplink/contract/payout-batches';
import { Decimal } from 'decimal.js';
import { useState } from 'react';
import { Card, CardHeader } from '../../../components/card';
import { ShortExplorerLink } from '../../../components/explorer-link';
import { type ListWording, PagedTable } from '../../../components/paged-table';
import type { Column } from '../../../components/table';
import { loadFailure } from '../../../lib/error-text';
import { Link } from '../../../lib/router/router';
import { useUnmatchedTransfers } from '../api/get-unmatched-transfers';

/** A stray transfer's exact amount: at least the 2 decimals of money, every further one it carries. */
function exactUsdt(amount: string): string {
  const value = new Decimal(amount);
  return `${value.toFixed(Math.max(2, value.decimalPlaces()))} USDT`;
}

const columns: Column<UnmatchedTransfer>[] = [
  {
    key: 'transaction',
    header: 'Transaction',
    card: 'title',
    cell: (t) => <ShortExplorerLink transaction={t.transactionHash} />,
  },
  {
    key: 'block',
    header: 'Block',
    priority: 'low',
    cell: (t) => <span className="tabular-nums">{formatCount(t.blockNumber)}</span>,
  },
  {
    key: 'to',
    header: 'To',
    cell: (t) => <ShortExplorerLink address={t.to} />,
  },
  {
    key: 'amount',
    header: 'Amount',
    className: 'text-right',
    cell: (t) => <span className="whitespace-nowrap font-semibold tabular-nums">{exactUsdt(t.amount)}</span>,
  },
  { key: 'reason', header: 'Reason', className: 'min-w-48', cell: (t) => unmatchedTransferReasonTexts[t.reason] },
  {
    key: 'withdrawal',
    header: 'Withdrawal',
    cell: (t) =>
      t.withdrawalId ? (
        <Link to={`/admin/withdrawals/${t.withdrawalId}`} className="font-medium text-brand-700 hover:underline">
          Review
        </Link>
      ) : (
        <span className="text-slate-400">-</span>
      ),
  },
  {
    key: 'seen',
    header: 'Seen',
    priority: 'low',
    cell: (t) => <span className="whitespace-nowrap">{formatDateTime(t.seenAt)}</span>,
  },
];

const wording: ListWording = {
  caption: 'Unmatched transfers',
  noun: 'transfers',
  failure: loadFailure(
    'The unmatched transfers could not be loaded',
    'The unmatched transfers could not be loaded. Try again.',
  ),
  emptyTitle: 'No unmatched transfers',
  emptyDescription: 'Every treasury transfer read from the chain paid exactly one pending withdrawal.',
};

/** Treasury transfers that proved no withdrawal: nothing changed for them, an administrator looks into each. */
export function UnmatchedTransfersCard() {
  const [page, setPage] = useState(1);
  const transfers = useUnmatchedTransfers(page);
  return (
    <Card>
      <CardHeader
        title="Unmatched transfers"
        subtitle="Treasury payments read from the chain that approved no withdrawal"
      />
      <PagedTable
        query={transfers}
        rowsIn="transfers"
        wording={wording}
        onPageChange={setPage}
        columns={columns}
        foldBelow="xl"
        rowKey={(t) => `${t.transactionHash}-${t.logIndex}`}
      />
    </Card>
  );
}
