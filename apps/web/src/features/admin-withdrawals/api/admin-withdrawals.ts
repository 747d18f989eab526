import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminWithdrawals,
  AdminWithdrawalsQuery,
  Withdrawal,
  WithdrawalDecisionRequest,
  WithdrawalReview,
} from '@uplink/contract/withdrawals';
import { api } from '../../../lib/api-client';

export const adminWithdrawalsKeys = {
  all: ['admin-withdrawals'] as const,
  page: (query: AdminWithdrawalsQuery) => [...adminWithdrawalsKeys.all, 'page', query] as const,
  one: (id: string) => [...adminWithdrawalsKeys.all, 'one', id] as const,
};

/** GET /withdrawals/admin/all. */
export function useAdminWithdrawals(query: AdminWithdrawalsQuery) {
  return useQuery({
    queryKey: adminWithdrawalsKeys.page(query),
    queryFn: async ({ signal }) =>
      (
        await api.get<AdminWithdrawals>('/withdrawals/admin/all', {
          query: { page: query.page, limit: query.limit, search: query.search || undefined, sort: query.sort },
          signal,
        })
      ).data,
    placeholderData: keepPreviousData,
  });
}

/** GET /withdrawals/admin/{id}. */
export function useWithdrawalReview(id: string) {
  return useQuery({
    queryKey: adminWithdrawalsKeys.one(id),
    queryFn: async ({ signal }) =>
      (await api.get<WithdrawalReview>(`/withdrawals/admin/${encodeURIComponent(id)}`, { signal })).data,
  });
}

/** PUT /withdrawals/{id}: the decision; the list and the detail reload. */
export function useDecideWithdrawal(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (decision: WithdrawalDecisionRequest) =>
      (await api.put<Withdrawal>(`/withdrawals/${encodeURIComponent(id)}`, decision)).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminWithdrawalsKeys.all }),
  });
}

/** POST /dev/demo-treasury-pay/{id} (local mode): the demo treasury pays; answers the transaction hash. */
export function useDemoTreasuryPayment(id: string) {
  return useMutation({
    mutationFn: async () =>
      (await api.post<{ transactionHash: string }>(`/dev/demo-treasury-pay/${encodeURIComponent(id)}`)).data,
  });
}
