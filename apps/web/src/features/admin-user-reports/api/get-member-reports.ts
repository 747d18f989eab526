import type { MemberReports, MemberReportsQuery } from '@uplink/contract/admin-reports';
import { adminPageSize } from '@uplink/contract/constants';
import { api } from '../../../lib/api-client';
import { keepPreviousData, useQuery } from '../../../lib/query';

export const memberReportsKeys = {
  all: ['admin-member-reports'] as const,
  page: (query: MemberReportsQuery) => [...memberReportsKeys.all, query] as const,
};

/**
 * GET /users/admin/reports: a page of members at the admin page size, newest first, with figures
 * from their real activity.
 */
export async function getMemberReports(query: MemberReportsQuery, signal?: AbortSignal): Promise<MemberReports> {
  const { data } = await api.get<MemberReports>('/users/admin/reports', {
    // Empty values are left out of the query: no search and All Status send nothing.
    query: { page: query.page, limit: adminPageSize, search: query.search?.trim(), status: query.status },
    signal,
  });
  return data;
}

/** Keeps the previous page on screen while the next one loads; asks nothing until `enabled`. */
export function useMemberReports(query: MemberReportsQuery, enabled: boolean) {
  return useQuery({
    queryKey: memberReportsKeys.page(query),
    queryFn: ({ signal }) => getMemberReports(query, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}
