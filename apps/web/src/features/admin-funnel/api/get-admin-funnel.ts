import type { AdminFunnel, AdminFunnelQuery } from '@uplink/contract/invitations';
import { api } from '../../../lib/api-client';
import { keepPreviousData, useQuery } from '../../../lib/query';

export const adminFunnelKeys = {
  all: ['admin-funnel'] as const,
  of: (query: AdminFunnelQuery) => [...adminFunnelKeys.all, query] as const,
};

/** GET /admin/reports/funnel: the network's (or one member's link's) funnel by week, and the best-converting links. */
export async function getAdminFunnel(query: AdminFunnelQuery, signal?: AbortSignal): Promise<AdminFunnel> {
  const { data } = await api.get<AdminFunnel>('/admin/reports/funnel', {
    query: { from: query.from, to: query.to, groupBy: query.groupBy, memberId: query.memberId },
    signal,
  });
  return data;
}

export function useAdminFunnel(query: AdminFunnelQuery) {
  return useQuery({
    queryKey: adminFunnelKeys.of(query),
    queryFn: ({ signal }) => getAdminFunnel(query, signal),
    placeholderData: keepPreviousData,
  });
}
