import type { AdminRewards, AdminRewardsQuery } from '@uplink/contract/admin-rewards';
import { adminPageSize } from '@uplink/contract/constants';
import { api } from '../../../lib/api-client';
import { keepPreviousData, useQuery } from '../../../lib/query';

export const adminRewardsKeys = {
  all: ['admin-rewards'] as const,
  page: (query: AdminRewardsQuery) => [...adminRewardsKeys.all, query] as const,
};

/**
 * GET /rewards/admin/all: one page of every member's rewards at the admin page size, newest first,
 * with the filters' statistics.
 */
export async function getAdminRewards(query: AdminRewardsQuery, signal?: AbortSignal): Promise<AdminRewards> {
  const { data } = await api.get<AdminRewards>('/rewards/admin/all', {
    // Empty values are left out of the query: no search, All Types and All Levels send nothing.
    query: {
      page: query.page,
      limit: adminPageSize,
      search: query.search?.trim(),
      type: query.type,
      level: query.level,
      sort: '-createdAt',
    },
    signal,
  });
  return data;
}

/** Keeps the previous page on screen while the next one loads. */
export function useAdminRewards(query: AdminRewardsQuery) {
  return useQuery({
    queryKey: adminRewardsKeys.page(query),
    queryFn: ({ signal }) => getAdminRewards(query, signal),
    placeholderData: keepPreviousData,
  });
}
