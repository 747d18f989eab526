import { api } from '../../../lib/api-client';
import { useMutation, useQueryClient } from '../../../lib/query';
import { adminTeamKeys } from './get-admin-team';

/** POST /admin/team/{id}/reinstate: a suspended administrator may sign in again. */
export async function reinstateAdministrator(id: string): Promise<void> {
  await api.post<unknown>(`/admin/team/${encodeURIComponent(id)}/reinstate`);
}

export function useReinstateAdministrator() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reinstateAdministrator,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminTeamKeys.all }),
  });
}
