import type { PaymentDetails } from '@uplink/contract/onboarding';
import { api } from '../../../lib/api-client';
import { useQuery } from '../../../lib/query';

export const paymentDetailsQueryKey = ['subscription', 'payment-details'] as const;

/** GET /subscription/payment-details — network, token contract and fee of the subscription payment. */
export async function fetchPaymentDetails(): Promise<PaymentDetails> {
  const { data } = await api.get<PaymentDetails>('/subscription/payment-details');
  return data;
}

export function usePaymentDetails() {
  return useQuery({
    queryKey: paymentDetailsQueryKey,
    queryFn: fetchPaymentDetails,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
