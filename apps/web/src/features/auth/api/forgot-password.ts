import type { emailRequestSchema } from '@uplink/contract/accounts';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { useMutation } from '../../../lib/query';

/** POST /users/forgot-password — mails a reset link if the address belongs to an account. */
export async function forgotPassword(body: z.input<typeof emailRequestSchema>) {
  return api.post<null>('/users/forgot-password', body);
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
