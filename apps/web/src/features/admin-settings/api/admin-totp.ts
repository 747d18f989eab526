import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  RecoveryCodes,
  TotpConfirmRequest,
  TotpEnrolment,
  TotpRemovalRequest,
  TotpStatus,
} from '@uplink/contract/admin-totp';
import { api } from '../../../lib/api-client';

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

/** POST /admin/totp/enrolment/confirm: turns TOTP on; answers the recovery codes, once. */
export function useConfirmTotpEnrolment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: TotpConfirmRequest) =>
      (await api.post<RecoveryCodes>('/admin/totp/enrolment/confirm', body)).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminTotpKeys.status }),
  });
}

/** DELETE /admin/totp with a current code or a recovery code. */
export function useRemoveTotp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: TotpRemovalRequest) => (await api.delete<null>('/admin/totp', body)).message,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminTotpKeys.status }),
  });
}
