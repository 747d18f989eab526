import type {
  TotpConfirmRequest,
  TotpDisabled,
  TotpEnabled,
  TotpEnrolment,
  TotpRemovalRequest,
  TotpStatus,
} from '@uplink/contract/admin-totp';
import { api } from '../../../lib/api-client';
import { useMutation, useQuery, useQueryClient } from '../../../lib/query';
import { tokenStorage } from '../../../lib/storage';

export const adminTotpKeys = { status: ['admin-totp', 'status'] as const };

/** GET /admin/totp: whether the signed-in administrator signs in with TOTP. */
export function useTotpStatus() {
  return useQuery({
    queryKey: adminTotpKeys.status,
    queryFn: async ({ signal }) => (await api.get<TotpStatus>('/admin/totp', { signal })).data,
  });
}

/** POST /admin/totp/enrolment: a new secret and its QR code, waiting for the first code. */
export function useStartTotpEnrolment() {
  return useMutation({
    mutationFn: async () => (await api.post<TotpEnrolment>('/admin/totp/enrolment')).data,
  });
}

/**
 * POST /admin/totp/enrolment/confirm: turns TOTP on; resolves with the recovery codes, shown once.
 * It ends every session opened before, and this one continues with the token the server returns.
 */
export function useConfirmTotpEnrolment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: TotpConfirmRequest) => {
      const { data } = await api.post<TotpEnabled>('/admin/totp/enrolment/confirm', body);
      tokenStorage.replace(data.token);
      return data.recoveryCodes;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminTotpKeys.status }),
  });
}

/** DELETE /admin/totp with a current code or a recovery code; like turning it on, it renews this session's token. */
export function useRemoveTotp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: TotpRemovalRequest) => {
      const { message, data } = await api.delete<TotpDisabled>('/admin/totp', body);
      tokenStorage.replace(data.token);
      return message;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminTotpKeys.status }),
  });
}
