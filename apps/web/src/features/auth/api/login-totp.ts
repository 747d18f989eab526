import type { LoginResult } from '@uplink/contract/accounts';
import type { TotpSignInRequest } from '@uplink/contract/admin-totp';
import { api } from '../../../lib/api-client';
import { useMutation } from '../../../lib/query';

/** POST /users/login/totp — the sign-in's second step: the password's challenge and a code. */
export async function loginWithTotp(body: TotpSignInRequest) {
  return api.post<LoginResult>('/users/login/totp', body);
}

export function useLoginWithTotp() {
  return useMutation({ mutationFn: loginWithTotp });
}
