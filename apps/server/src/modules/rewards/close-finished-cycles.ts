import type { RewardCycleRun } from '@uplink/contract/reward-runs';
import type { AppContext } from '../../app-context';
import { cycleAt, lastFinishedCycle } from './reward-cycle-calendar';
import { latestDistributedCycle } from './reward-cycle-runs-repository';
import { ensureRewardPartitions } from './reward-load-repository';
import { runRewardCycle } from './run-reward-cycle';

/**
 * The scheduled job: distributes from the exchange every cycle that has ended since the newest
 * distributed one (only the newest finished cycle on a fresh install: history is not invented).
 * An exchange outage throws; the next run picks up where this one stopped. It first makes the
 * `rewards` partitions of the current and the next cycle ahead (their DIRECT rewards land there).
 */
export async function closeFinishedCycles(
  deps: Pick<AppContext, 'db' | 'clock' | 'config' | 'integrations'>,
): Promise<RewardCycleRun[]> {
  const now = deps.clock.now();
  const current = cycleAt(deps.config.rewards, now);
  await ensureRewardPartitions(deps.db, [current, current + 1]);
  const finished = lastFinishedCycle(deps.config.rewards, now);
  const latest = await latestDistributedCycle(deps.db);
  const runs: RewardCycleRun[] = [];
  for (let cycle = latest === 0 ? finished : latest + 1; cycle >= 1 && cycle <= finished; cycle += 1) {
    runs.push(await runRewardCycle(deps, { cycle, statement: { source: 'EXCHANGE' }, startedBy: null }));
  }
  return runs;
}
