import type { MemberWithdrawals, WithdrawalsQuery } from '@uplink/contract/withdrawals';
import { api } from '../../../lib/api-client';
import { useQuery } from '../../../lib/query';

export const withdrawalsKeys = {
  all: ['withdrawals'] as const,
  page: (query: WithdrawalsQuery) => [...withdrawalsKeys.all, query] as const,
};

/** GET /withdrawals: a page of the member's own withdrawals, newest first. */
export function useWithdrawals(query: WithdrawalsQuery) {
  return useQuery({
    queryKey: withdrawalsKeys.page(query),
    queryFn: async ({ signal }) =>
      (await api.get<MemberWithdrawals>('/withdrawals', { query: { page: query.page, limit: query.limit }, signal }))
        .data,
  });
}
