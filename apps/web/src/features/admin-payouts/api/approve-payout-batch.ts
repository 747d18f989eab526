import type { PayoutBatch } from '@uplink/contract/payout-batches';
import { api } from '../../../lib/api-client';
import { useMutation, useQueryClient } from '../../../lib/query';
import { adminPayoutsKeys } from './get-payout-batches';

/** POST /withdrawals/admin/batches/{id}/approve: a second administrator's approval, which makes the batch exportable. */
export function useApprovePayoutBatch(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      (await api.post<PayoutBatch>(`/withdrawals/admin/batches/${encodeURIComponent(id)}/approve`)).data,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminPayoutsKeys.all }),
  });
}
