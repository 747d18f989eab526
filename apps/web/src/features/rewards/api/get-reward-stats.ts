import type { RewardStats } from '@uplink/contract/reward-stats';
import { api } from '../../../lib/api-client';
import { useQuery } from '../../../lib/query';
import { rewardStatsKeys } from '../../../lib/query-keys';

/** GET /rewards/stats/{id}: the member's balances, breakdown, locked rewards and earnings per cycle. */
export async function getRewardStats(memberId: string, signal?: AbortSignal): Promise<RewardStats> {
  const { data } = await api.get<RewardStats>(`/rewards/stats/${encodeURIComponent(memberId)}`, { signal });
  return data;
}

export function useRewardStats(memberId: string | undefined) {
  return useQuery({
    queryKey: rewardStatsKeys.of(memberId ?? ''),
    queryFn: ({ signal }) => getRewardStats(memberId as string, signal),
    enabled: Boolean(memberId),
  });
}
