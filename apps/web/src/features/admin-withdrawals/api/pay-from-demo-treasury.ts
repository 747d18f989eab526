import type { DemoTreasuryPayment } from '@uplink/contract/withdrawals';
import { api } from '../../../lib/api-client';
import { useMutation, useQueryClient } from '../../../lib/query';
import { adminWithdrawalsKeys } from './get-admin-withdrawals';

/**
 * POST /dev/demo-treasury-pay/{id} (local mode): the demo treasury pays; answers the transaction
 * hash. The review reloads to show the payment under way.
 */
export function usePayFromDemoTreasury(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      (await api.post<DemoTreasuryPayment>(`/dev/demo-treasury-pay/${encodeURIComponent(id)}`)).data,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminWithdrawalsKeys.one(id) }),
  });
}
