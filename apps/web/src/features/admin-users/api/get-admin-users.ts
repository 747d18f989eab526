import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AdminUsers } from '@uplink/contract/admin-users';
import { adminPageSize } from '@uplink/contract/constants';
import { api } from '../../../lib/api-client';

/** What the administrator chose on the users screen. */
export interface AdminUsersFilters {
  page: number;
  search: string;
}

/** Every admin-users query sits under `all`, so a status change or a delete reloads them together. */
export const adminUsersKeys = {
  all: ['admin-users'] as const,
  page: (filters: AdminUsersFilters) => [...adminUsersKeys.all, 'page', filters] as const,
};

/** GET /users/admin/all: a page of members, newest first; the statistics ignore the search. */
export async function getAdminUsers(filters: AdminUsersFilters, signal?: AbortSignal): Promise<AdminUsers> {
  const { data } = await api.get<AdminUsers>('/users/admin/all', {
    // An empty search is left out of the query.
    query: { page: filters.page, limit: adminPageSize, search: filters.search.trim(), sort: '-createdAt' },
    signal,
  });
  return data;
}

/** Keeps the previous page on screen while the next one loads. */
export function useAdminUsers(filters: AdminUsersFilters) {
  return useQuery({
    queryKey: adminUsersKeys.page(filters),
    queryFn: ({ signal }) => getAdminUsers(filters, signal),
    placeholderData: keepPreviousData,
  });
}
