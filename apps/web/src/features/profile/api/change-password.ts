import type { ChangePasswordRequest, ChangePasswordResult } from '@uplink/contract/accounts';
import { api } from '../../../lib/api-client';
import type { FailureWording } from '../../../lib/error-text';
import { useMutation } from '../../../lib/query';
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

/** The server's message, else 'Failed to change password'; when the call itself failed, a plea to try again. */
export const changePasswordFailure: FailureWording = {
  silentServer: 'Failed to change password',
  noAnswer: 'Failed to change password. Please try again.',
  exception: 'Failed to change password. Please try again.',
};
