import type { CreateWithdrawalRequest, OtpRequest, Withdrawal } from '@uplink/contract/withdrawals';
import { api } from '../../../lib/api-client';
import { useMutation, useQueryClient } from '../../../lib/query';
import { rewardStatsKeys } from '../../../lib/query-keys';
import { withdrawalsKeys } from './get-withdrawals';

/**
 * POST /otp/withdrawal/request: e-mails a 6-digit code for the withdrawal given, once the server has
 * checked it as it will check the withdrawal (so a refusal comes before any code); answers when
 * the code expires.
 */
export function useRequestWithdrawalCode() {
  return useMutation({
    mutationFn: async (withdrawal: OtpRequest) =>
      (await api.post<{ expiresAt: string }>('/otp/withdrawal/request', withdrawal)).data,
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
