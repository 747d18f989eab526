import type { RewardCycleRun } from '@uplink/contract/reward-runs';
import type { AppContext } from '../../app-context';
import { DomainError } from '../../domain-error';
import { cycleAt, lastFinishedCycle } from './reward-cycle-calendar';
import { findCyclesInProgress } from './reward-cycle-progress-repository';
import { latestDistributedCycle } from './reward-cycle-runs-repository';
import { ensureRewardPartitions } from './reward-load-repository';
import { type CycleRunDeps, runRewardCycle } from './run-reward-cycle';

/**
 * The scheduled job, which also runs as the server starts: first finishes every run whose process
 * died half-way (its statement is stored with its progress, so an upload is not needed again),
 * then distributes from the exchange every cycle that has ended since the newest distributed one
 * (only the newest finished cycle on a fresh install: history is not invented). An exchange
 * outage throws; the next run picks up where this one stopped. It first makes the `rewards`
 * partitions of the current and the next cycle ahead (their DIRECT rewards land there).
 */
export async function closeFinishedCycles(
  deps: Pick<AppContext, 'db' | 'clock' | 'config' | 'integrations'>,
): Promise<RewardCycleRun[]> {
  const now = deps.clock.now();
  const current = cycleAt(deps.config.rewards, now);
  await ensureRewardPartitions(deps.db, [current, current + 1]);
  const runs = await resumeInterruptedCycles(deps);
  const finished = lastFinishedCycle(deps.config.rewards, now);
  const latest = await latestDistributedCycle(deps.db);
  for (let cycle = latest === 0 ? finished : latest + 1; cycle >= 1 && cycle <= finished; cycle += 1) {
    runs.push(await runRewardCycle(deps, { cycle, statement: { source: 'EXCHANGE' }, startedBy: null }));
  }
  return runs;
}

/**
 * Finishes the runs a killed process left half-way (their progress rows), as the administrator or
 * command that began each would have. A run still going in another process holds the cycle lease:
 * that one is left to it.
 */
async function resumeInterruptedCycles(deps: CycleRunDeps): Promise<RewardCycleRun[]> {
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
