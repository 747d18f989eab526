import type { MemberRewards, MemberRewardsQuery } from '@uplink/contract/member-rewards';
import { api } from '../../../lib/api-client';
import { keepPreviousData, useQuery } from '../../../lib/query';

export const memberRewardsKeys = {
  all: ['member-rewards'] as const,
  page: (query: MemberRewardsQuery) => [...memberRewardsKeys.all, query] as const,
};

/** GET /rewards/user: one page of the member's rewards. */
export async function getMemberRewards(query: MemberRewardsQuery, signal?: AbortSignal): Promise<MemberRewards> {
  const { data } = await api.get<MemberRewards>('/rewards/user', {
    query: { page: query.page, limit: query.limit, type: query.type, level: query.level, sort: query.sort },
    signal,
  });
  return data;
}

/** Keeps the previous page on screen while the next one loads. */
export function useMemberRewards(query: MemberRewardsQuery) {
  return useQuery({
    queryKey: memberRewardsKeys.page(query),
    queryFn: ({ signal }) => getMemberRewards(query, signal),
    placeholderData: keepPreviousData,
  });
}
