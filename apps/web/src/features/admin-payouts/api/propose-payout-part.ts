import type { SafeProposal } from '@uplink/contract/payout-batches';
import { api } from '../../../lib/api-client';
import { useMutation, useQueryClient } from '../../../lib/query';
import { adminPayoutsKeys } from './get-payout-batches';

/**
 * POST /withdrawals/admin/batches/{id}/propose?part=N: one part proposed to the treasury Safe as
 * one Safe transaction, for its owners to confirm and execute in Safe{Wallet}. The first proposal
 * starts the batch's payment; a part already proposed answers its proposal.
 */
export function useProposePayoutPart(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (part: number) =>
      (await api.post<SafeProposal>(`/withdrawals/admin/batches/${encodeURIComponent(id)}/propose?part=${part}`)).data,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminPayoutsKeys.all }),
  });
}
