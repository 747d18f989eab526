import type { AdminUsers, AdminUsersQuery } from '@uplink/contract/admin-users';
import { adminPageSize } from '@uplink/contract/constants';
import { api } from '../../../lib/api-client';
import { keepPreviousData, useQuery } from '../../../lib/query';

/** Every admin-users query sits under `all`, so a status change or a delete reloads them together. */
export const adminUsersKeys = {
  all: ['admin-users'] as const,
  page: (query: AdminUsersQuery) => [...adminUsersKeys.all, 'page', query] as const,
};

/** GET /users/admin/all: a page of members at the admin page size, newest first; the statistics ignore the search. */
export async function getAdminUsers(query: AdminUsersQuery, signal?: AbortSignal): Promise<AdminUsers> {
  const { data } = await api.get<AdminUsers>('/users/admin/all', {
    // An empty search is left out of the query.
    query: { page: query.page, limit: adminPageSize, search: query.search?.trim(), sort: '-createdAt' },
    signal,
  });
  return data;
}

/** Keeps the previous page on screen while the next one loads. */
export function useAdminUsers(query: AdminUsersQuery) {
  return useQuery({
    queryKey: adminUsersKeys.page(query),
    queryFn: ({ signal }) => getAdminUsers(query, signal),
    placeholderData: keepPreviousData,
  });
}
