import type { ReferralTree, ReferralTreeQuery } from '@uplink/contract/referrals';
import { api } from '../../../lib/api-client';
import { useQuery } from '../../../lib/query';

export const referralTreeKeys = {
  all: ['referral-tree'] as const,
  levels: (query: ReferralTreeQuery) => [...referralTreeKeys.all, query] as const,
};

/** GET /users/referral-tree: the member's downline nested by sponsor, down to `maxLevels`. */
export async function getReferralTree(query: ReferralTreeQuery, signal?: AbortSignal): Promise<ReferralTree> {
  const { data } = await api.get<ReferralTree>('/users/referral-tree', {
    query: { maxLevels: query.maxLevels },
    signal,
  });
  return data;
}

export function useReferralTree(query: ReferralTreeQuery) {
  return useQuery({
    queryKey: referralTreeKeys.levels(query),
    queryFn: ({ signal }) => getReferralTree(query, signal),
  });
}
