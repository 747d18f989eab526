import type { ReferralHistory, ReferralHistoryQuery } from '@uplink/contract/referrals';
import { api } from '../../../lib/api-client';
import { keepPreviousData, useQuery } from '../../../lib/query';

export const referralHistoryKeys = {
  all: ['referral-history'] as const,
  page: (query: ReferralHistoryQuery) => [...referralHistoryKeys.all, query] as const,
};

/** GET /users/referrals/history: one page of the member's downline with statistics over the filter. */
export async function getReferralHistory(query: ReferralHistoryQuery, signal?: AbortSignal): Promise<ReferralHistory> {
  const { data } = await api.get<ReferralHistory>('/users/referrals/history', {
    query: { page: query.page, limit: query.limit, status: query.status, level: query.level, maxLevel: query.maxLevel },
    signal,
  });
  return data;
}

/** Keeps the previous page on screen while the next one loads, so paging does not flash. */
export function useReferralHistory(query: ReferralHistoryQuery) {
  return useQuery({
    queryKey: referralHistoryKeys.page(query),
    queryFn: ({ signal }) => getReferralHistory(query, signal),
    placeholderData: keepPreviousData,
  });
}
