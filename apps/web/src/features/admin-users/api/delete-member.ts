import { api } from '../../../lib/api-client';
import { useMutation, useQueryClient } from '../../../lib/query';
import { adminUsersKeys } from './get-admin-users';

/** DELETE /users/admin/{id}: the soft delete. */
export async function deleteMember(id: string): Promise<void> {
  await api.delete<null>(`/users/admin/${encodeURIComponent(id)}`);
}

/**
 * The list and the dashboard reload after a delete. Not awaited: the screen leaves the deleted
 * member at once rather than after their detail has reloaded.
 */
export function useDeleteMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMember,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminUsersKeys.all });
    },
  });
}
