import type { PayoutBatchDetail } from '@uplink/contract/payout-batches';
import { api } from '../../../lib/api-client';
import { keepPreviousData, useQuery } from '../../../lib/query';
import { adminPayoutsKeys } from './get-payout-batches';

/** How often a batch that can still change by itself asks again. */
export const unpaidBatchRefreshMs = 3_000;

/**
 * Whether the server can still change the batch by itself: reconciliation approves its withdrawals
 * as their payments are confirmed, and reads from the Safe's events when a queued part executes —
 * which may come after the batch is PAID, its transfer having been seen on the chain first.
 */
function changesByItself({ batch, safeProposals }: PayoutBatchDetail): boolean {
  return batch.status !== 'PAID' || safeProposals.some((proposal) => proposal.state === 'QUEUED');
}

/**
 * GET /withdrawals/admin/batches/{id}: the batch and a page of its lines; it refreshes itself until
 * it is PAID and no part waits in the Safe's queue.
 */
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
      query.state.data !== undefined && changesByItself(query.state.data) ? unpaidBatchRefreshMs : false,
  });
}
