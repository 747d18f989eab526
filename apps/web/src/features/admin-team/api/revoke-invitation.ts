import { api } from '../../../lib/api-client';
import { useMutation, useQueryClient } from '../../../lib/query';
import { adminTeamKeys } from './get-admin-team';

/** DELETE /admin/team/invitations/{id}: the invitation's link stops working at once. */
export async function revokeInvitation(id: string): Promise<void> {
  await api.delete<null>(`/admin/team/invitations/${encodeURIComponent(id)}`);
}

export function useRevokeInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeInvitation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminTeamKeys.all }),
  });
}
