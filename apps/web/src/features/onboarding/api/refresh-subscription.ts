import type { SubscriptionFee } from '@uplink/contract/accounts';
import { api } from '../../../lib/api-client';
import { useMutation } from '../../../lib/query';

/** GET /users/refresh-subscription — the server scans the member's deposit address now. */
export async function refreshSubscription(): Promise<SubscriptionFee> {
  const { data } = await api.get<SubscriptionFee>('/users/refresh-subscription');
  return data;
}

export function useRefreshSubscription() {
  return useMutation({ mutationFn: refreshSubscription });
}
