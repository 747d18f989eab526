import { rolesHolding } from '@uplink/contract/admin-roles';
import { formatCount, formatDateTime, formatUsdt, shortenAdminWallet } from '@uplink/contract/format';
import type { PayoutBatchDetail, PayoutBatchLine } from '@uplink/contract/payout-batches';
import { Alert } from '../../../components/alert';
import { Card, CardBody, CardHeader } from '../../../components/card';
import { DetailRow } from '../../../components/detail-row';
import { ShortExplorerLink } from '../../../components/explorer-link';
import { type ListWording, PagedTable } from '../../../components/paged-table';
import type { Column } from '../../../components/table';
import { amountColumn, MemberCell } from '../../../components/table-cells';
import { WithdrawalStatusBadge } from '../../../components/withdrawal-status-badge';
import { loadFailure, serverMessage } from '../../../lib/error-text';
import { usePermissions } from '../../../lib/permissions';
import type { UseQueryResult } from '../../../lib/query';
import { ApprovalState } from './approval-state';
import { BatchActions } from './batch-actions';
import { BatchExports } from './batch-exports';
import { BatchProgress } from './batch-progress';
import { BatchSafe } from './batch-safe';
import { PayoutBatchStatusBadge } from './payout-batch-status-badge';

const columns: Column<PayoutBatchLine>[] = [
  { key: 'line', header: '#', label: 'Line', className: 'w-12 tabular-nums', cell: (l) => l.line },
  {
    key: 'member',
    header: 'Member',
    card: 'title',
    cell: (l) => <MemberCell member={l.user} identity={l.user.email} />,
  },
  {
    key: 'wallet',
    header: 'Wallet',
    cell: (l) => <ShortExplorerLink address={l.walletAddress} shorten={shortenAdminWallet} />,
  },
  amountColumn({ key: 'amount', header: 'Amount', className: 'text-right', value: (l) => l.amount }),
  { key: 'status', header: 'Status', card: 'status', cell: (l) => <WithdrawalStatusBadge status={l.status} /> },
  {
    key: 'transaction',
    header: 'Transaction',
    cell: (l) =>
      l.transactionHash ? (
        <ShortExplorerLink transaction={l.transactionHash} />
      ) : (
        <span className="text-slate-400">-</span>
      ),
  },
];

const wording: ListWording = {
  caption: 'Batch lines',
  noun: 'lines',
  failure: loadFailure(serverMessage, 'The payout batch could not be loaded. Try again.'),
  emptyTitle: 'No withdrawals left in this batch',
  emptyDescription: 'A rejected or blocked withdrawal leaves its batch.',
};

/** A payout batch: where it stands (refreshing itself until PAID), its files, decisions and lines. */
export function PayoutBatchDetailPanels({
  detail,
  onPageChange,
}: {
  detail: UseQueryResult<PayoutBatchDetail>;
  onPageChange: (page: number) => void;
}) {
  const batch = detail.data?.batch;
  const permits = usePermissions();
  return (
    <div className="space-y-6">
      {batch && detail.data ? (
        <Card>
          <CardHeader
            title={`Batch of ${formatCount(batch.count, ['withdrawal', 'withdrawals'])}`}
            subtitle={`Created ${formatDateTime(batch.createdAt)} by ${batch.createdBy.name}`}
            actions={<PayoutBatchStatusBadge status={batch.status} />}
          />
          <CardBody className="grid gap-6 lg:grid-cols-2">
            <div className="space-y-5">
              <dl className="divide-y divide-slate-100">
                <DetailRow label="Total">{formatUsdt(batch.total)}</DetailRow>
                <DetailRow label="Paid">
                  <BatchProgress batch={batch} detailed />
                </DetailRow>
                <DetailRow label="Second approval">
                  <ApprovalState batch={batch} detailed />
                </DetailRow>
                {batch.payment ? (
                  <DetailRow label="Payment">
                    <span className="block break-normal">{`Started ${formatDateTime(batch.payment.startedAt)} by ${batch.payment.startedBy.name}`}</span>
                    <span className="block break-normal font-normal text-slate-600">
                      {`${formatCount(batch.payment.count, ['transfer', 'transfers'])}, ${formatUsdt(batch.payment.total)}`}
                    </span>
                  </DetailRow>
                ) : null}
              </dl>
              <BatchSafe detail={detail.data} canPropose={permits('payouts.manage')} />
            </div>
            {permits('payouts.manage') ? (
              <div className="space-y-5">
                <BatchExports detail={detail.data} />
                <BatchActions detail={detail.data} />
              </div>
            ) : (
              <Alert tone="info" title="Read only">
                Exporting, approving, paying and releasing a batch is for {rolesHolding('payouts.manage')}.
              </Alert>
            )}
          </CardBody>
        </Card>
      ) : null}
      <Card>
        <CardHeader title="Lines" subtitle="In the order of the export files" />
        <PagedTable
          query={detail}
          rowsIn="lines"
          wording={wording}
          onPageChange={onPageChange}
          columns={columns}
          foldBelow="md"
          rowKey={(l) => l.withdrawalId}
        />
      </Card>
    </div>
  );
}
