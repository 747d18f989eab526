import type { Reminder } from '@uplink/contract/invitations';
import { api } from '../../../lib/api-client';
import { useMutation, useQueryClient } from '../../../lib/query';
import { inviteesKeys } from './get-invitees';

/** POST /referrals/invitees/{id}/remind: e-mails the invitee their next step; the list reloads with when the next may go. */
export async function remindInvitee(inviteeId: string): Promise<Reminder> {
  const { data } = await api.post<Reminder>(`/referrals/invitees/${encodeURIComponent(inviteeId)}/remind`);
  return data;
}

export function useRemindInvitee() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: remindInvitee,
    onSettled: () => queryClient.invalidateQueries({ queryKey: inviteesKeys.all }),
  });
}
