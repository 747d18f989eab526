import { adminListPagination } from '@uplink/contract/paging';
import type { RewardCycleRuns, rewardCycleRunsQuerySchema } from '@uplink/contract/reward-runs';
import type { z } from 'zod';
import type { AppContext } from '../../app-context';
import { pageWindow } from '../../db/list-page';
import { cycleWindow, lastFinishedCycle } from './reward-cycle-calendar';
import { toRewardCycleRun } from './reward-cycle-run-record';
import { findCycleRuns, findDistributedRun, latestDistributedCycle } from './reward-cycle-runs-repository';

/**
 * The runs of the reward cycles, newest first, the last finished cycle (0, with the window before
 * the first cycle, while none has ended) and the next cycle to run: the one after the newest
 * distributed.
 */
export async function viewRewardCycleRuns(
  deps: Pick<AppContext, 'readDb' | 'clock' | 'config'>,
  query: z.output<typeof rewardCycleRunsQuerySchema>,
): Promise<RewardCycleRuns> {
  const cycle = lastFinishedCycle(deps.config.rewards, deps.clock.now());
  const window = cycleWindow(deps.config.rewards, cycle);
  const [{ rows, total }, distributed, newestDistributed] = await Promise.all([
    findCycleRuns(deps.readDb, pageWindow(query)),
    findDistributedRun(deps.readDb, cycle),
    latestDistributedCycle(deps.readDb),
  ]);
  return {
    runs: rows.map(toRewardCycleRun),
    pagination: adminListPagination(query.page, query.limit, total, rows.length),
    lastFinishedCycle: {
      cycle,
      startsAt: window.startsAt.toISOString(),
      endsAt: window.endsAt.toISOString(),
      distributed: distributed !== undefined,
    },
    nextCycle: newestDistributed + 1,
  };
}
