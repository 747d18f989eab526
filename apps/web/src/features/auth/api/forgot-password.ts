import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST /users/forgot-password — mails a reset link if the address belongs to an account. */
export async function forgotPassword(email: string) {
  return api.post<unknown>('/users/forgot-password', { email });
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
