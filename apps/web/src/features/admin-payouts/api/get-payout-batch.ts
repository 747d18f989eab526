import type { PayoutBatchDetail } from '@uplink/contract/payout-batches';
import { api } from '../../../lib/api-client';
import { keepPreviousData, useQuery } from '../../../lib/query';
import { adminPayoutsKeys } from './get-payout-batches';

/** How often an unpaid batch asks again: reconciliation approves its withdrawals as their payments are confirmed. */
export const unpaidBatchRefreshMs = 3_000;

/** GET /withdrawals/admin/batches/{id}: the batch and a page of its lines; it refreshes itself until it is PAID. */
export function usePayoutBatch(id: string, page: number) {
  return useQuery({
    queryKey: adminPayoutsKeys.batchPage(id, page),
    queryFn: async ({ signal }) =>
      (
        await api.get<PayoutBatchDetail>(`/withdrawals/admin/batches/${encodeURIComponent(id)}`, {
          query: { page },
          signal,
        })
      ).data,
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data === undefined || query.state.data.batch.status === 'PAID' ? false : unpaidBatchRefreshMs,
  });
}
