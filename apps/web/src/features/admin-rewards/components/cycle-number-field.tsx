import { formatDateTime } from '@uplink/contract/format';
import type { RewardCycleRuns } from '@uplink/contract/reward-runs';
import { TextField } from '../../../components/text-field';

export type LastFinishedCycle = RewardCycleRuns['lastFinishedCycle'];

/** The cycle to run, the last finished one by default: its hint tells that cycle's period and whether it was distributed. */
export function CycleNumberField({
  value,
  problem,
  lastFinishedCycle,
  lastCycleChosen,
  disabled,
  onChange,
}: {
  value: string;
  problem: string | null;
  lastFinishedCycle: LastFinishedCycle;
  lastCycleChosen: boolean;
  disabled: boolean;
  onChange: (value: string) => void;
}) {
  return (
    <TextField
      label="Cycle number"
      type="number"
      inputMode="numeric"
      min={1}
      max={lastFinishedCycle.cycle}
      step={1}
      value={value}
      disabled={disabled}
      onChange={(event) => onChange(event.target.value)}
      error={problem}
      hint={
        lastCycleChosen
          ? `The last finished cycle: ${formatDateTime(lastFinishedCycle.startsAt)} to ${formatDateTime(lastFinishedCycle.endsAt)}, ${lastFinishedCycle.distributed ? 'already distributed' : 'not distributed yet'}.`
          : `The last finished cycle is #${lastFinishedCycle.cycle}.`
      }
    />
  );
}
