import type { LoginRequest, LoginResult } from '@uplink/contract/accounts';
import { api } from '../../../lib/api-client';
import { useMutation } from '../../../lib/query';

/** POST /users/login — the session token and who it belongs to. */
export async function login(body: LoginRequest) {
  return api.post<LoginResult>('/users/login', body);
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
