import type { OverallStats } from '@uplink/contract/admin-users';
import { api } from '../../../lib/api-client';
import { useQuery } from '../../../lib/query';
import { adminUsersKeys } from './get-admin-users';

export const overallStatsKey = [...adminUsersKeys.all, 'overall-stats'] as const;

/** GET /users/admin/overall-stats: the admin dashboard's totals and latest withdrawals and members. */
export async function getOverallStats(signal?: AbortSignal): Promise<OverallStats> {
  const { data } = await api.get<OverallStats>('/users/admin/overall-stats', { signal });
  return data;
}

export function useOverallStats() {
  return useQuery({ queryKey: overallStatsKey, queryFn: ({ signal }) => getOverallStats(signal) });
}
