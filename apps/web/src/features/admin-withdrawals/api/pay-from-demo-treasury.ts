import { useMutation } from '@tanstack/react-query';
import type { DemoTreasuryPayment } from '@uplink/contract/withdrawals';
import { api } from '../../../lib/api-client';

/** POST /dev/demo-treasury-pay/{id} (local mode): the demo treasury pays; answers the transaction hash. */
export function usePayFromDemoTreasury(id: string) {
  return useMutation({
    mutationFn: async () =>
      (await api.post<DemoTreasuryPayment>(`/dev/demo-treasury-pay/${encodeURIComponent(id)}`)).data,
  });
}
