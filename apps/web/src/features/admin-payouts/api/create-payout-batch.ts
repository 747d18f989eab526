import type { CreatePayoutBatchRequest, PayoutBatch } from '@uplink/contract/payout-batches';
import { api } from '../../../lib/api-client';
import { useMutation, useQueryClient } from '../../../lib/query';
import { adminPayoutsKeys } from './get-payout-batches';

/** POST /withdrawals/admin/batches: a batch of the chosen withdrawals or of every pending one a filter matches. */
export function useCreatePayoutBatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (request: CreatePayoutBatchRequest) =>
      (await api.post<PayoutBatch>('/withdrawals/admin/batches', request)).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminPayoutsKeys.all }),
  });
}
