import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateWithdrawalRequest, Withdrawal } from '@uplink/contract/withdrawals';
import { api } from '../../../lib/api-client';
import { rewardStatsKeys } from '../../../lib/query-keys';
import { withdrawalsKeys } from './get-withdrawals';

/** POST /otp/withdrawal/request: e-mails a 6-digit code; answers when it expires. */
export function useRequestWithdrawalCode() {
  return useMutation({
    mutationFn: async () => (await api.post<{ expiresAt: string }>('/otp/withdrawal/request')).data,
  });
}

/** POST /otp/withdrawal/verify. */
export function useVerifyWithdrawalCode() {
  return useMutation({ mutationFn: (otp: string) => api.post<null>('/otp/withdrawal/verify', { otp }) });
}

/** POST /withdrawals; every figure of the page reloads once it is created. */
export function useCreateWithdrawal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (request: CreateWithdrawalRequest) => (await api.post<Withdrawal>('/withdrawals', request)).data,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: rewardStatsKeys.all }),
        queryClient.invalidateQueries({ queryKey: withdrawalsKeys.all }),
      ]);
    },
  });
}
