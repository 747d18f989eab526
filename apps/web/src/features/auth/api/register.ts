import type { RegisterRequest, RegistrationResult } from '@uplink/contract/accounts';
import { api } from '../../../lib/api-client';
import { useMutation } from '../../../lib/query';

/** POST /users/register — creates the account under the sponsor of `referredByCode`; `data` is who to verify. */
export async function register(body: RegisterRequest) {
  return api.post<RegistrationResult>('/users/register', body);
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
