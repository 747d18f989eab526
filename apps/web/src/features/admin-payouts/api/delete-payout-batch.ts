import { api } from '../../../lib/api-client';
import { useMutation, useQueryClient } from '../../../lib/query';
import { adminPayoutsKeys } from './get-payout-batches';

/** DELETE /withdrawals/admin/batches/{id}: an open batch with nothing paid; its withdrawals return to the pool. */
export function useDeletePayoutBatch(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      await api.delete<null>(`/withdrawals/admin/batches/${encodeURIComponent(id)}`);
    },
    // Marked stale, not fetched now: the screen of the deleted batch is left, and would only get its 404.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminPayoutsKeys.all, refetchType: 'none' }),
  });
}
