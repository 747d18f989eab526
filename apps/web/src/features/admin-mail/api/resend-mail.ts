import type { ResentMail } from '@uplink/contract/admin-mail';
import { api } from '../../../lib/api-client';
import { useMutation, useQueryClient } from '../../../lib/query';
import { failedMailKeys } from './get-failed-mail';

/**
 * POST /admin/mail/{id}/resend: the mail goes back in the outbox. The list reloads after a refusal
 * too — another administrator may have sent it again meanwhile.
 */
export function useResendMail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => (await api.post<ResentMail>(`/admin/mail/${encodeURIComponent(id)}/resend`)).data,
    onSettled: () => queryClient.invalidateQueries({ queryKey: failedMailKeys.all }),
  });
}
