import type { RewardCycleRun } from '@uplink/contract/reward-runs';
import { DomainError } from '../../domain-error';
import { findCyclesInProgress } from './reward-cycle-progress-repository';
import { type CycleRunDeps, runRewardCycle } from './run-reward-cycle';

/**
 * The `reward-cycle-resume` job, a few seconds after every start and each minute: finishes the
 * runs a killed process left half-way (their progress rows; the statement was stored with them,
 * so an upload is not needed again), as the administrator or command that began each would have.
 * A run still going in this or another process holds the cycle lease: that one is left to it.
 */
export async function resumeInterruptedCycles(deps: CycleRunDeps): Promise<RewardCycleRun[]> {
  const runs: RewardCycleRun[] = [];
  for (const progress of await findCyclesInProgress(deps.db)) {
    // The statement is read again only when no progress is stored, which is not the case here.
    const statement =
      progress.source === 'UPLOAD' ? { source: 'UPLOAD' as const, lines: [] } : { source: 'EXCHANGE' as const };
    try {
      runs.push(await runRewardCycle(deps, { cycle: progress.cycle, statement, startedBy: progress.started_by }));
    } catch (error) {
      if (error instanceof DomainError && error.code === 'REWARD_CYCLE_BUSY') continue;
      throw error;
    }
  }
  return runs;
}
