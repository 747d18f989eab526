import { useQuery } from '@tanstack/react-query';
import { minimumExchangeBalanceUsdt } from '@uplink/contract/constants';
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
 * compliance figures. Until the plan has loaded, and in the build-time prerender of `/` (no API),
 * the default line the specification states, so the first paint reads as the spec's words and a
 * server with a line of its own corrects it as soon as it answers.
 */
export function useMinimumExchangeBalance(): number {
  return Number(useRewardPlan().data?.compliance.minimumExchangeBalance ?? minimumExchangeBalanceUsdt);
}
