import { api } from '../../../lib/api-client';
import { useMutation, useQueryClient } from '../../../lib/query';
import { adminTeamKeys } from './get-admin-team';

/** POST /admin/team/{id}/suspend: their sessions end at once and they cannot sign in until reinstated. */
export async function suspendAdministrator(id: string): Promise<void> {
  await api.post<unknown>(`/admin/team/${encodeURIComponent(id)}/suspend`);
}

export function useSuspendAdministrator() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: suspendAdministrator,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminTeamKeys.all }),
  });
}
