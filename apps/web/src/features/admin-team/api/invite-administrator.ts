import type { AdminInvitation, AdminInvitationInput } from '@uplink/contract/admin-team';
import { api } from '../../../lib/api-client';
import { useMutation, useQueryClient } from '../../../lib/query';
import { adminTeamKeys } from './get-admin-team';

/** POST /admin/team/invitations: mails the invited address a one-use link; answers the pending invitation. */
export async function inviteAdministrator(invitation: AdminInvitationInput): Promise<AdminInvitation> {
  const { data } = await api.post<AdminInvitation>('/admin/team/invitations', invitation);
  return data;
}

export function useInviteAdministrator() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: inviteAdministrator,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminTeamKeys.all }),
  });
}
