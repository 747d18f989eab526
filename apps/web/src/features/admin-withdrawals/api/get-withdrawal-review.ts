import { useQuery } from '@tanstack/react-query';
import type { WithdrawalReview } from '@uplink/contract/withdrawals';
import { api } from '../../../lib/api-client';
import { adminWithdrawalsKeys } from './get-admin-withdrawals';

/** GET /withdrawals/admin/{id}: the request, the member's balance and their latest ledger entries. */
export function useWithdrawalReview(id: string) {
  return useQuery({
    queryKey: adminWithdrawalsKeys.one(id),
    queryFn: async ({ signal }) =>
      (await api.get<WithdrawalReview>(`/withdrawals/admin/${encodeURIComponent(id)}`, { signal })).data,
  });
}
