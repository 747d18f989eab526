import type { Withdrawal, WithdrawalDecisionRequest } from '@uplink/contract/withdrawals';
import { api } from '../../../lib/api-client';
import { useMutation, useQueryClient } from '../../../lib/query';
import { adminWithdrawalsKeys } from './get-admin-withdrawals';

/**
 * PUT /withdrawals/{id}: the decision; the list and the review reload, after a refusal too — the
 * treasury reconciliation or another administrator may have decided it meanwhile.
 */
export function useDecideWithdrawal(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (decision: WithdrawalDecisionRequest) =>
      (await api.put<Withdrawal>(`/withdrawals/${encodeURIComponent(id)}`, decision)).data,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminWithdrawalsKeys.all }),
  });
}
