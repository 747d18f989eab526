import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { adminPageSize } from '@uplink/contract/constants';
import type { AdminRewards, RewardType } from '@uplink/contract/rewards';
import { api } from '../../../lib/api-client';

/** What the administrator chose on the rewards screen; `undefined` type or level is "All". */
export interface AdminRewardsFilters {
  page: number;
  search: string;
  type: RewardType | undefined;
  level: number | undefined;
}

export const adminRewardsKeys = {
  all: ['admin-rewards'] as const,
  page: (filters: AdminRewardsFilters) => [...adminRewardsKeys.all, filters] as const,
};

/** GET /rewards/admin/all: one page of every member's rewards, newest first, with the filters' statistics. */
export async function getAdminRewards(filters: AdminRewardsFilters, signal?: AbortSignal): Promise<AdminRewards> {
  const { data } = await api.get<AdminRewards>('/rewards/admin/all', {
    // Empty values are left out of the query: no search, All Types and All Levels send nothing.
    query: {
      page: filters.page,
      limit: adminPageSize,
      search: filters.search.trim(),
      type: filters.type,
      level: filters.level,
      sort: '-createdAt',
    },
    signal,
  });
  return data;
}

/** Keeps the previous page on screen while the next one loads. */
export function useAdminRewards(filters: AdminRewardsFilters) {
  return useQuery({
    queryKey: adminRewardsKeys.page(filters),
    queryFn: ({ signal }) => getAdminRewards(filters, signal),
    placeholderData: keepPreviousData,
  });
}
