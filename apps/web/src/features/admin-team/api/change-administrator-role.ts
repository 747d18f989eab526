import type { AdminRole } from '@uplink/contract/admin-roles';
import { api } from '../../../lib/api-client';
import { useMutation, useQueryClient } from '../../../lib/query';
import { adminTeamKeys } from './get-admin-team';

/** PUT /admin/team/{id}: the administrator's new role; their sessions end at once. */
export async function changeAdministratorRole({ id, role }: { id: string; role: AdminRole }): Promise<void> {
  await api.put<unknown>(`/admin/team/${encodeURIComponent(id)}`, { role });
}

export function useChangeAdministratorRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeAdministratorRole,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminTeamKeys.all }),
  });
}
