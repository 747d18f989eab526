import type { DemoBatchPayment } from '@uplink/contract/payout-batches';
import { api } from '../../../lib/api-client';
import { useMutation, useQueryClient } from '../../../lib/query';
import { adminPayoutsKeys } from './get-payout-batches';

/**
 * POST /dev/demo-treasury/batches/{id}/pay (local mode): one multi-send transaction pays the
 * whole batch; reconciliation approves its withdrawals once the payment is confirmed.
 */
export function usePayBatchFromDemoTreasury(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      (await api.post<DemoBatchPayment>(`/dev/demo-treasury/batches/${encodeURIComponent(id)}/pay`)).data,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminPayoutsKeys.all }),
  });
}
