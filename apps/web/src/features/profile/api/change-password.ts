import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordRequest } from '@uplink/contract/accounts';
import { ApiError, api } from '../../../lib/api-client';

/** PUT /users/change-password; resolves with the server's success message. */
export async function changePassword(input: ChangePasswordRequest): Promise<string> {
  const { message } = await api.put<null>('/users/change-password', input);
  return message;
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}

/**
 * Spec section 8: the server's message, else 'Failed to change password'; when the call itself
 * failed (no answer from the server) 'Failed to change password. Please try again.'
 */
export function changePasswordFailureText(error: unknown): string {
  if (error instanceof ApiError && error.code !== 'NETWORK_ERROR') {
    return error.message || 'Failed to change password';
  }
  return 'Failed to change password. Please try again.';
}
