import { useQuery } from '@tanstack/react-query';
import type { ReferralTree } from '@uplink/contract/referrals';
import { api } from '../../../lib/api-client';

export const referralTreeKeys = {
  all: ['referral-tree'] as const,
  levels: (maxLevels: number) => [...referralTreeKeys.all, maxLevels] as const,
};

/** GET /users/referral-tree: the member's downline nested by sponsor, down to `maxLevels`. */
export async function getReferralTree(maxLevels: number, signal?: AbortSignal): Promise<ReferralTree> {
  const { data } = await api.get<ReferralTree>('/users/referral-tree', { query: { maxLevels }, signal });
  return data;
}

export function useReferralTree(maxLevels: number) {
  return useQuery({
    queryKey: referralTreeKeys.levels(maxLevels),
    queryFn: ({ signal }) => getReferralTree(maxLevels, signal),
  });
}
