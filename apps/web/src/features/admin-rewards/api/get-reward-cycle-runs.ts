import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { adminPageSize } from '@uplink/contract/constants';
import type { RewardCycleRuns } from '@uplink/contract/rewards';
import { api } from '../../../lib/api-client';

export const rewardCycleRunsKeys = {
  all: ['reward-cycle-runs'] as const,
  page: (page: number) => [...rewardCycleRunsKeys.all, page] as const,
};

/** GET /rewards/admin/cycles: one page of the cycle runs, newest first, and the last finished cycle. */
export async function getRewardCycleRuns(page: number, signal?: AbortSignal): Promise<RewardCycleRuns> {
  const { data } = await api.get<RewardCycleRuns>('/rewards/admin/cycles', {
    query: { page, limit: adminPageSize },
    signal,
  });
  return data;
}

export function useRewardCycleRuns(page: number) {
  return useQuery({
    queryKey: rewardCycleRunsKeys.page(page),
    queryFn: ({ signal }) => getRewardCycleRuns(page, signal),
    placeholderData: keepPreviousData,
  });
}
