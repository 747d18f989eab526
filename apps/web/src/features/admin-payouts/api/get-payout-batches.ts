import type { PayoutBatches } from '@uplink/contract/payout-batches';
import { api } from '../../../lib/api-client';
import { keepPreviousData, useQuery } from '../../../lib/query';

/** Every payout query sits under `all`, so a new, approved or deleted batch reloads the lists and the detail together. */
export const adminPayoutsKeys = {
  all: ['admin-payouts'] as const,
  batches: (page: number) => [...adminPayoutsKeys.all, 'batches', page] as const,
  batch: (id: string) => [...adminPayoutsKeys.all, 'batch', id] as const,
  batchPage: (id: string, page: number) => [...adminPayoutsKeys.batch(id), page] as const,
  unmatched: (page: number) => [...adminPayoutsKeys.all, 'unmatched', page] as const,
  batchable: (search: string) => [...adminPayoutsKeys.all, 'batchable', search] as const,
};

/** GET /withdrawals/admin/batches: a page of payout batches, newest first. */
export function usePayoutBatches(page: number) {
  return useQuery({
    queryKey: adminPayoutsKeys.batches(page),
    queryFn: async ({ signal }) =>
      (await api.get<PayoutBatches>('/withdrawals/admin/batches', { query: { page }, signal })).data,
    placeholderData: keepPreviousData,
  });
}
