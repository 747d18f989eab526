import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST /users/resend-verification-email — a new link to the stored pending e-mail address. */
export async function resendVerificationEmail(email: string) {
  return api.post<unknown>('/users/resend-verification-email', { email });
}

export function useResendVerificationEmail() {
  return useMutation({ mutationFn: resendVerificationEmail });
}
