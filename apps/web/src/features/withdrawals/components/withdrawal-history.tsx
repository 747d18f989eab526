import { formatUsdt } from '@uplink/contract/format';
import { riskTexts } from '@uplink/contract/risk-texts';
import { decisionTextLabel, withdrawalTexts } from '@uplink/contract/withdrawal-texts';
import type { Withdrawal } from '@uplink/contract/withdrawals';
import { Badge, type BadgeTone } from '../../../components/badge';
import { ShortExplorerLink } from '../../../components/explorer-link';
import { type Column, DataTable } from '../../../components/table';
import { dateTimeColumn } from '../../../components/table-cells';
import { useWithdrawals } from '../api/get-withdrawals';

/**
 * What the member sees: Pending until a transaction hash exists; "Pending — under review" while a
 * risk review holds it (nothing about why).
 */
export function memberWithdrawalState(withdrawal: Pick<Withdrawal, 'status' | 'transactionHash' | 'underReview'>): {
  label: string;
  tone: BadgeTone;
} {
  if (withdrawal.status === 'PENDING' && withdrawal.underReview) {
    return { label: riskTexts.memberPendingUnderReview, tone: 'amber' };
  }
  if (withdrawal.status === 'PENDING' || (withdrawal.status === 'APPROVED' && !withdrawal.transactionHash)) {
    return { label: 'Pending', tone: 'amber' };
  }
  if (withdrawal.status === 'APPROVED') return { label: 'Approved', tone: 'green' };
  if (withdrawal.status === 'REJECTED') return { label: 'Rejected', tone: 'red' };
  return { label: 'Blocked', tone: 'red' };
}

/** The rewards screen shows the newest 50. */
const historyQuery = { page: 1, limit: 50 };

const columns: Column<Withdrawal>[] = [
  { ...dateTimeColumn({ key: 'date', header: 'Requested', value: (w) => w.requestedAt }), card: 'title' },
  {
    key: 'amount',
    header: 'Amount',
    cell: (w) => <span className="whitespace-nowrap font-semibold tabular-nums">{formatUsdt(w.amount)}</span>,
  },
  {
    key: 'address',
    header: 'Address',
    cell: (w) => <ShortExplorerLink address={w.walletAddress} />,
  },
  {
    key: 'status',
    header: 'Status',
    card: 'status',
    cell: (w) => {
      const state = memberWithdrawalState(w);
      return (
        <div>
          <Badge tone={state.tone}>{state.label}</Badge>
          {w.status === 'PENDING' && (w.paymentSeenIn || w.paymentUnderWay) ? (
            <p className="mt-1 text-slate-500 text-xs">
              {w.paymentSeenIn ? withdrawalTexts.paymentSeen : withdrawalTexts.paymentUnderWay}
            </p>
          ) : null}
          {w.reason && w.status !== 'PENDING' ? (
            <p className="mt-1 max-w-56 text-slate-500 text-xs">
              {decisionTextLabel(w.status)}: {w.reason}
            </p>
          ) : null}
        </div>
      );
    },
  },
  {
    key: 'transaction',
    header: 'Transaction',
    cell: (w) =>
      (w.transactionHash ?? w.paymentSeenIn) ? (
        <ShortExplorerLink transaction={(w.transactionHash ?? w.paymentSeenIn) as string} />
      ) : (
        <span className="text-slate-500">—</span>
      ),
  },
];

/** The member's newest 50 withdrawals; a failed load shows the empty state (the spec only logs it). */
export function WithdrawalHistory() {
  const withdrawals = useWithdrawals(historyQuery);
  if (withdrawals.isError) console.error('Failed to fetch withdrawals', withdrawals.error);
  return (
    <DataTable
      caption="Withdrawal history"
      columns={columns}
      rows={withdrawals.data?.withdrawals ?? []}
      loading={withdrawals.isPending}
      emptyTitle={withdrawalTexts.emptyHistory}
      emptyDescription="Your withdrawal requests appear here."
    />
  );
}
