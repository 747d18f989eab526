import type { WithdrawalReview } from '@uplink/contract/withdrawals';
import { api } from '../../../lib/api-client';
import { useQuery } from '../../../lib/query';
import { adminWithdrawalsKeys } from './get-admin-withdrawals';

/** How often a review whose payment was sent looks again, until the chain's confirmations approve it. */
export const paymentWatchMs = 5_000;

/**
 * GET /withdrawals/admin/{id}: the request, the member's balance and their latest ledger entries.
 * While a payment is under way the review reloads by itself, so the reconciliation's approval shows.
 */
export function useWithdrawalReview(id: string) {
  return useQuery({
    queryKey: adminWithdrawalsKeys.one(id),
    queryFn: async ({ signal }) =>
      (await api.get<WithdrawalReview>(`/withdrawals/admin/${encodeURIComponent(id)}`, { signal })).data,
    refetchInterval: (query) =>
      query.state.data?.withdrawal.status === 'PENDING' && query.state.data.paymentUnderWay ? paymentWatchMs : false,
  });
}
