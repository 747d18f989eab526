import { api } from '../../../lib/api-client';
import { useMutation, useQueryClient } from '../../../lib/query';
import { adminTeamKeys } from './get-admin-team';

/** DELETE /admin/team/{id}: their sessions end at once and they can no longer sign in. */
export async function removeAdministrator(id: string): Promise<void> {
  await api.delete<null>(`/admin/team/${encodeURIComponent(id)}`);
}

export function useRemoveAdministrator() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeAdministrator,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminTeamKeys.all }),
  });
}
