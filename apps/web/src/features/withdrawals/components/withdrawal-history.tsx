import { formatDateTime, formatMoney, shortenAddress, shortenHash } from '@uplink/contract/format';
import { type Withdrawal, withdrawalTexts } from '@uplink/contract/withdrawals';
import { Badge, type BadgeTone } from '../../../components/badge';
import { type Column, DataTable } from '../../../components/table';
import { explorerAddressUrl, explorerTransactionUrl } from '../../../config/explorer';
import { useWithdrawals } from '../api/get-withdrawals';

/** What the member sees: Pending until a transaction hash exists. */
export function memberWithdrawalState(withdrawal: Pick<Withdrawal, 'status' | 'transactionHash'>): {
  label: string;
  tone: BadgeTone;
} {
  if (withdrawal.status === 'PENDING' || (withdrawal.status === 'APPROVED' && !withdrawal.transactionHash)) {
    return { label: 'Pending', tone: 'amber' };
  }
  if (withdrawal.status === 'APPROVED') return { label: 'Approved', tone: 'green' };
  if (withdrawal.status === 'REJECTED') return { label: 'Rejected', tone: 'red' };
  return { label: 'Blocked', tone: 'red' };
}

const explorerLink = 'font-mono text-brand-700 underline-offset-2 hover:underline';

const columns: Column<Withdrawal>[] = [
  {
    key: 'date',
    header: 'Requested',
    cell: (w) => <span className="whitespace-nowrap">{formatDateTime(w.requestedAt)}</span>,
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
    cell: (w) => (
      <a
        className={explorerLink}
        href={explorerAddressUrl(w.walletAddress)}
        target="_blank"
        rel="noreferrer"
        title={w.walletAddress}
      >
        {shortenAddress(w.walletAddress)}
      </a>
    ),
  },
  {
    key: 'status',
    header: 'Status',
    cell: (w) => {
      const state = memberWithdrawalState(w);
      return (
        <div>
          <Badge tone={state.tone}>{state.label}</Badge>
          {w.reason && w.status !== 'PENDING' ? (
            <p className="mt-1 max-w-56 text-slate-500 text-xs">{w.reason}</p>
          ) : null}
        </div>
      );
    },
  },
  {
    key: 'transaction',
    header: 'Transaction',
    cell: (w) =>
      w.transactionHash ? (
        <a
          className={explorerLink}
          href={explorerTransactionUrl(w.transactionHash)}
          target="_blank"
          rel="noreferrer"
          title={w.transactionHash}
        >
          {shortenHash(w.transactionHash)}
        </a>
      ) : (
        <span className="text-slate-500">—</span>
      ),
  },
];

/** The member's newest 50 withdrawals; a failed load shows the empty state (the spec only logs it). */
export function WithdrawalHistory() {
  const withdrawals = useWithdrawals();
  if (withdrawals.isError) console.error('Failed to fetch withdrawals', withdrawals.error);
  return (
    <DataTable
      caption="Withdrawal history"
      columns={columns}
      rows={withdrawals.data?.withdrawals ?? []}
      rowKey={(w) => w._id}
      loading={withdrawals.isPending}
      emptyTitle={withdrawalTexts.emptyHistory}
      emptyDescription="Your withdrawal requests appear here."
    />
  );
}
