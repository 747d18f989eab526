import type { optionalEmailRequestSchema } from '@uplink/contract/accounts';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { useMutation } from '../../../lib/query';

/** POST /users/resend-verification-email — a new link to the stored pending e-mail address. */
export async function resendVerificationEmail(body: z.input<typeof optionalEmailRequestSchema>) {
  return api.post<null>('/users/resend-verification-email', body);
}

export function useResendVerificationEmail() {
  return useMutation({ mutationFn: resendVerificationEmail });
}
