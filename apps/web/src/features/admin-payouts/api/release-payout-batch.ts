import type { PayoutBatchRelease, ReleasePayoutBatchRequest } from '@uplink/contract/payout-batches';
import { api } from '../../../lib/api-client';
import { useMutation, useQueryClient } from '../../../lib/query';
import { adminPayoutsKeys } from './get-payout-batches';

/**
 * POST /withdrawals/admin/batches/{id}/release: gives up the batch's payment under way, with a
 * reason (audited); refused while any of its transfers is on chain.
 */
export function useReleasePayoutBatch(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (request: ReleasePayoutBatchRequest) =>
      (await api.post<PayoutBatchRelease>(`/withdrawals/admin/batches/${encodeURIComponent(id)}/release`, request))
        .data,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminPayoutsKeys.all }),
  });
}
