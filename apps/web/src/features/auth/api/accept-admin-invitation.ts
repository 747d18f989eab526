import type { AdminInvitationAccepted, AdminInvitationAcceptRequest } from '@uplink/contract/admin-team';
import { api } from '../../../lib/api-client';
import { useMutation } from '../../../lib/query';

/** POST /admin/team/invitations/accept (public): the invited administrator's password; answers the address to sign in with. */
export async function acceptAdminInvitation(body: AdminInvitationAcceptRequest): Promise<AdminInvitationAccepted> {
  const { data } = await api.post<AdminInvitationAccepted>('/admin/team/invitations/accept', body);
  return data;
}

export function useAcceptAdminInvitation() {
  return useMutation({ mutationFn: acceptAdminInvitation });
}
