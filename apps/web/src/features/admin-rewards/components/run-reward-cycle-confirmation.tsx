import { formatCount, formatDateTime, formatUsdt } from '@uplink/contract/format';
import type { RewardCyclePreview } from '@uplink/contract/reward-runs';
import { ConfirmActionDialog } from '../../../components/confirm-action-dialog';

/** The confirm step: what the run is about to do, asked before anything is distributed. */
export function RunRewardCycleConfirmation({
  cycle,
  previewed,
  statementFileName,
  busy,
  problem,
  onClose,
  onConfirm,
}: {
  cycle: number;
  previewed: RewardCyclePreview | undefined;
  /** The uploaded statement's file name; none from the exchange. */
  statementFileName: string | undefined;
  busy: boolean;
  problem: string | null;
  onClose: () => void;
  onConfirm: () => void;
}) {
  return (
    <ConfirmActionDialog
      open
      onClose={onClose}
      {...runConfirmation(cycle, previewed, statementFileName)}
      busy={busy}
      onConfirm={onConfirm}
      problem={problem}
    />
  );
}

/**
 * What a run is about to do: the cycle, its statement and, previewed, the amounts it credits and
 * locks; from the exchange the amounts are known only once it has run.
 */
function runConfirmation(
  cycle: number,
  previewed: RewardCyclePreview | undefined,
  statementFileName: string | undefined,
) {
  const final = 'A cycle is distributed once: this cannot be undone.';
  if (!previewed) {
    return {
      title: `Run cycle #${cycle}?`,
      details: [
        { label: 'Cycle', value: `#${cycle}` },
        { label: 'Statement', value: 'From the exchange, read when the run starts' },
      ],
      consequence: `Every linked member's copy trading in the cycle is read from the exchange, and the rewards it pays are credited to the members' balances (or locked) at once. ${final}`,
      confirmLabel: `Run cycle #${cycle} from the exchange`,
    };
  }
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
        value: `${statementFileName ?? 'Uploaded'}, ${formatCount(previewed.inputCount, ['entry', 'entries'])}`,
      },
      { label: 'Rewards to write', value: formatCount(previewed.rewardsToWrite) },
      { label: 'To credit', value: formatUsdt(previewed.totalToPay) },
      { label: 'To lock', value: formatUsdt(previewed.totalToLock) },
    ],
    consequence: `${formatUsdt(previewed.totalToPay)} is credited to members' balances and ${formatUsdt(previewed.totalToLock)} locked until their owners are compliant, at once. ${final}`,
    confirmLabel: `Distribute ${formatUsdt(total)}`,
  };
}
