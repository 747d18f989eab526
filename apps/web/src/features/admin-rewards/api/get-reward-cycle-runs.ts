import { adminPageSize } from '@uplink/contract/constants';
import type { RewardCycleRuns, RewardCycleRunsQuery } from '@uplink/contract/reward-runs';
import { api } from '../../../lib/api-client';
import { keepPreviousData, useQuery } from '../../../lib/query';

export const rewardCycleRunsKeys = {
  all: ['reward-cycle-runs'] as const,
  page: (query: RewardCycleRunsQuery) => [...rewardCycleRunsKeys.all, query] as const,
};

/** GET /rewards/admin/cycles: one page of the cycle runs, newest first, and the last finished cycle. */
export async function getRewardCycleRuns(query: RewardCycleRunsQuery, signal?: AbortSignal): Promise<RewardCycleRuns> {
  const { data } = await api.get<RewardCycleRuns>('/rewards/admin/cycles', {
    query: { page: query.page, limit: adminPageSize },
    signal,
  });
  return data;
}

export function useRewardCycleRuns(query: RewardCycleRunsQuery) {
  return useQuery({
    queryKey: rewardCycleRunsKeys.page(query),
    queryFn: ({ signal }) => getRewardCycleRuns(query, signal),
    placeholderData: keepPreviousData,
  });
}
