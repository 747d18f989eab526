import type { PaymentRelease } from '@uplink/contract/withdrawals';
import { api } from '../../../lib/api-client';
import { useMutation, useQueryClient } from '../../../lib/query';
import { adminWithdrawalsKeys } from './get-admin-withdrawals';

/**
 * POST /withdrawals/admin/{id}/release-payment: releases a payment claim left standing. The
 * review reloads either way: a refusal may have found the payment on chain and recorded its hash.
 */
export function useReleaseWithdrawalPayment(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      (await api.post<PaymentRelease>(`/withdrawals/admin/${encodeURIComponent(id)}/release-payment`)).data,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminWithdrawalsKeys.one(id) }),
  });
}
