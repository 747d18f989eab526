import { adminPageSize } from '@uplink/contract/constants';
import type { AdminWithdrawals, AdminWithdrawalsQuery } from '@uplink/contract/withdrawals';
import { api } from '../../../lib/api-client';
import { keepPreviousData, useQuery } from '../../../lib/query';

/** Every admin-withdrawals query sits under `all`, so a decision reloads the list and the review together. */
export const adminWithdrawalsKeys = {
  all: ['admin-withdrawals'] as const,
  page: (query: AdminWithdrawalsQuery) => [...adminWithdrawalsKeys.all, 'page', query] as const,
  one: (id: string) => [...adminWithdrawalsKeys.all, 'one', id] as const,
};

/** GET /withdrawals/admin/all: a page of every member's withdrawals, newest first, with the statistics of all. */
export async function getAdminWithdrawals(query: AdminWithdrawalsQuery, signal?: AbortSignal) {
  // An empty search is left out of the query.
  const { data } = await api.get<AdminWithdrawals>('/withdrawals/admin/all', {
    query: { page: query.page, limit: adminPageSize, search: query.search?.trim(), sort: '-createdAt' },
    signal,
  });
  return data;
}

/** Keeps the previous page on screen while the next one loads. */
export function useAdminWithdrawals(query: AdminWithdrawalsQuery) {
  return useQuery({
    queryKey: adminWithdrawalsKeys.page(query),
    queryFn: ({ signal }) => getAdminWithdrawals(query, signal),
    placeholderData: keepPreviousData,
  });
}
