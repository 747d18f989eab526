import type { RewardCycleRun } from '@uplink/contract/rewards';
import type { AppContext } from '../../app-context';
import { lastFinishedCycle } from './reward-cycle-calendar';
import { latestDistributedCycle } from './reward-distribution-repository';
import { runRewardCycle } from './run-reward-cycle';

/**
 * The scheduled job: distributes from the exchange every cycle that has ended since the newest
 * distributed one (only the newest finished cycle on a fresh install: history is not invented).
 * An exchange outage throws; the next run picks up where this one stopped.
 */
export async function closeFinishedCycles(
  deps: Pick<AppContext, 'db' | 'clock' | 'config' | 'integrations'>,
): Promise<RewardCycleRun[]> {
  const finished = lastFinishedCycle(deps.config.rewards, deps.clock.now());
  const latest = await latestDistributedCycle(deps.db);
  const runs: RewardCycleRun[] = [];
  for (let cycle = latest === 0 ? finished : latest + 1; cycle >= 1 && cycle <= finished; cycle += 1) {
    runs.push(await runRewardCycle(deps, { cycle, statement: { source: 'EXCHANGE' }, startedBy: null }));
  }
  return runs;
}
