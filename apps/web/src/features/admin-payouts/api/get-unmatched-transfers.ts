import type { UnmatchedTransfers } from '@uplink/contract/payout-batches';
import { api } from '../../../lib/api-client';
import { keepPreviousData, useQuery } from '../../../lib/query';
import { adminPayoutsKeys } from './get-payout-batches';

/** GET /withdrawals/admin/unmatched-transfers: treasury transfers that proved no withdrawal, newest first. */
export function useUnmatchedTransfers(page: number) {
  return useQuery({
    queryKey: adminPayoutsKeys.unmatched(page),
    queryFn: async ({ signal }) =>
      (await api.get<UnmatchedTransfers>('/withdrawals/admin/unmatched-transfers', { query: { page }, signal })).data,
    placeholderData: keepPreviousData,
  });
}
