import type { tokenRequestSchema } from '@uplink/contract/accounts';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { useMutation } from '../../../lib/query';

/** POST /users/verify-email — spends the token of a verification link. */
export async function verifyEmail(body: z.input<typeof tokenRequestSchema>) {
  return api.post<null>('/users/verify-email', body);
}

export function useVerifyEmail() {
  return useMutation({ mutationFn: verifyEmail });
}
