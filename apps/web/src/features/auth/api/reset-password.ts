import type { ResetPasswordRequest } from '@uplink/contract/accounts';
import { api } from '../../../lib/api-client';
import { useMutation } from '../../../lib/query';

/** POST /users/reset-password — sets a new password with the token of a reset link. */
export async function resetPassword(body: ResetPasswordRequest) {
  return api.post<null>('/users/reset-password', body);
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
