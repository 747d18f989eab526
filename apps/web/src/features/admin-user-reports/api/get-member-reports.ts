import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { MemberReports } from '@uplink/contract/admin-reports';
import { adminPageSize, type UserStatus } from '@uplink/contract/constants';
import { api } from '../../../lib/api-client';

/** What the administrator chose on the Live view; `undefined` status is "All". */
export interface MemberReportFilters {
  page: number;
  search: string;
  status: UserStatus | undefined;
}

export const memberReportsKeys = {
  all: ['admin-member-reports'] as const,
  page: (filters: MemberReportFilters) => [...memberReportsKeys.all, filters] as const,
};

/** GET /users/admin/reports: a page of members, newest first, with figures from their real activity. */
export async function getMemberReports(filters: MemberReportFilters, signal?: AbortSignal): Promise<MemberReports> {
  const { data } = await api.get<MemberReports>('/users/admin/reports', {
    // Empty values are left out of the query: no search and All Status send nothing.
    query: { page: filters.page, limit: adminPageSize, search: filters.search.trim(), status: filters.status },
    signal,
  });
  return data;
}

/** Keeps the previous page on screen while the next one loads; asks nothing until `enabled`. */
export function useMemberReports(filters: MemberReportFilters, enabled: boolean) {
  return useQuery({
    queryKey: memberReportsKeys.page(filters),
    queryFn: ({ signal }) => getMemberReports(filters, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}
