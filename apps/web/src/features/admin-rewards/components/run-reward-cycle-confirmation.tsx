import { formatCount, formatDateTime, formatUsdt } from '@uplink/contract/format';
import type { RewardCyclePreview } from '@uplink/contract/reward-runs';
import { ConfirmActionDialog } from '../../../components/confirm-action-dialog';

/** The confirm step: what the run is about to do, asked before anything is distributed. */
export function RunRewardCycleConfirmation({
  cycle,
  previewed,
  statement,
  busy,
  problem,
  onClose,
  onConfirm,
}: {
  cycle: number;
  previewed: RewardCyclePreview;
  /** The uploaded statement's file name, or the exchange the run reads it from. */
  statement: { fileName: string } | 'EXCHANGE';
  busy: boolean;
  problem: string | null;
  onClose: () => void;
  onConfirm: () => void;
}) {
  return (
    <ConfirmActionDialog
      open
      onClose={onClose}
      {...runConfirmation(cycle, previewed, statement)}
      busy={busy}
      onConfirm={onConfirm}
      problem={problem}
    />
  );
}

/**
 * What a run is about to do: the cycle, its statement and the amounts the preview found it
 * credits and locks. From the exchange the run reads the statement again as it starts.
 */
function runConfirmation(cycle: number, previewed: RewardCyclePreview, statement: { fileName: string } | 'EXCHANGE') {
  const final = 'A cycle is distributed once: this cannot be undone.';
  const fromExchange = statement === 'EXCHANGE';
  const entries = formatCount(previewed.inputCount, ['entry', 'entries']);
  const reread = fromExchange
    ? ' The statement is read again from the exchange as the run starts; what it then reports is distributed.'
    : '';
  const total = previewed.totalToPay + previewed.totalToLock;
  return {
    title: `Run cycle #${cycle}?`,
    details: [
      {
        label: 'Period',
        value: `${formatDateTime(previewed.startsAt)} to ${formatDateTime(previewed.endsAt)}`,
      },
      {
        label: 'Statement',
        value: fromExchange ? `From the exchange, ${entries}` : `${statement.fileName}, ${entries}`,
      },
      { label: 'Rewards to write', value: formatCount(previewed.rewardsToWrite) },
      { label: 'To credit', value: formatUsdt(previewed.totalToPay) },
      { label: 'To lock', value: formatUsdt(previewed.totalToLock) },
    ],
    consequence: `${formatUsdt(previewed.totalToPay)} is credited to members' balances and ${formatUsdt(previewed.totalToLock)} locked until their owners are compliant, at once.${reread} ${final}`,
    confirmLabel: `Distribute ${formatUsdt(total)}`,
  };
}
