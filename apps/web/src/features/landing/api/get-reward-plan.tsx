import { minimumExchangeBalanceUsdt } from '@uplink/contract/constants';
import type { RewardPlan } from '@uplink/contract/reward-plan';
import { createContext, type ReactNode, useContext, useEffect, useState } from 'react';
import { api } from '../../../lib/api-client';

/** GET /rewards/plan: the plan in force, public. */
export async function getRewardPlan(signal?: AbortSignal): Promise<RewardPlan> {
  const { data } = await api.get<RewardPlan>('/rewards/plan', { signal });
  return data;
}

export interface RewardPlanState {
  data?: RewardPlan;
  isPending: boolean;
  isError: boolean;
}

const loading: RewardPlanState = { isPending: true, isError: false };
const RewardPlanContext = createContext<RewardPlanState>(loading);

/**
 * Reads the plan once for the landing page's sections below it. A plain request, not a query of
 * the app's query client: the landing page's own entry (src/landing-entry.tsx) runs without one.
 */
export function RewardPlanProvider({ children }: { children: ReactNode }) {
  const [plan, setPlan] = useState(loading);
  useEffect(() => {
    const request = new AbortController();
    getRewardPlan(request.signal).then(
      (data) => setPlan({ data, isPending: false, isError: false }),
      () => {
        if (!request.signal.aborted) setPlan({ isPending: false, isError: true });
      },
    );
    return () => request.abort();
  }, []);
  return <RewardPlanContext.Provider value={plan}>{children}</RewardPlanContext.Provider>;
}

export function useRewardPlan(): RewardPlanState {
  return useContext(RewardPlanContext);
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
