import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST /users/verify-email — spends the token of a verification link. */
export async function verifyEmail(token: string) {
  return api.post<unknown>('/users/verify-email', { token });
}

export function useVerifyEmail() {
  return useMutation({ mutationFn: verifyEmail });
}
