import type { AdminWithdrawals } from '@uplink/contract/withdrawals';
import { api } from '../../../lib/api-client';
import { useQuery } from '../../../lib/query';
import { adminPayoutsKeys } from './get-payout-batches';

/**
 * GET /withdrawals/admin/all?status=PENDING: how many pending withdrawals the search matches —
 * what "all matching the filter" would batch, less any already in an open batch (the server
 * leaves those out). Their total is known only without a search (the list's statistics cover
 * every withdrawal, not the matching ones).
 */
export function useBatchableCount(search: string) {
  return useQuery({
    queryKey: adminPayoutsKeys.batchable(search),
    queryFn: async ({ signal }) => {
      const { data } = await api.get<AdminWithdrawals>('/withdrawals/admin/all', {
        query: { page: 1, limit: 1, status: 'PENDING', search: search.trim() },
        signal,
      });
      return { count: data.pagination.totalRecords, total: search ? null : data.statistics.totalPendingAmount };
    },
  });
}
