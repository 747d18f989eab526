import { useQuery } from '@tanstack/react-query';
import type { RewardPlan } from '@uplink/contract/reward-plan';
import { api } from '../../../lib/api-client';

/** GET /rewards/plan: the plan in force, public. */
export async function getRewardPlan(signal?: AbortSignal): Promise<RewardPlan> {
  const { data } = await api.get<RewardPlan>('/rewards/plan', { signal });
  return data;
}

export function useRewardPlan() {
  return useQuery({
    queryKey: ['reward-plan'],
    queryFn: ({ signal }) => getRewardPlan(signal),
    staleTime: 60 * 60_000,
  });
}

/**
 * The exchange-balance line this server applies (USDT, its MIN_EXCHANGE_BALANCE), from the plan's
 * compliance figures; undefined until the plan has loaded.
 */
export function useMinimumExchangeBalance(): number | undefined {
  return useRewardPlan().data?.compliance.minimumExchangeBalance;
}
