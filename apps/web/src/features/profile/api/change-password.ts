import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordRequest, ChangePasswordResult } from '@uplink/contract/accounts';
import { ApiError, api } from '../../../lib/api-client';
import { tokenStorage } from '../../../lib/storage';

/**
 * PUT /users/change-password; resolves with the server's success message. The new password ends
 * every other session, and this one continues with the token the server returns.
 */
export async function changePassword(input: ChangePasswordRequest): Promise<string> {
  const { message, data } = await api.put<ChangePasswordResult>('/users/change-password', input);
  tokenStorage.replace(data.token);
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
