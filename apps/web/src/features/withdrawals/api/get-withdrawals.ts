import { useQuery } from '@tanstack/react-query';
import type { MemberWithdrawals } from '@uplink/contract/withdrawals';
import { api } from '../../../lib/api-client';

/** The rewards screen reads the newest 50. */
export const withdrawalHistoryLimit = 50;

export const withdrawalsKeys = { all: ['withdrawals'] as const };

export function useWithdrawals() {
  return useQuery({
    queryKey: withdrawalsKeys.all,
    queryFn: async ({ signal }) =>
      (await api.get<MemberWithdrawals>('/withdrawals', { query: { page: 1, limit: withdrawalHistoryLimit }, signal }))
        .data,
  });
}
