import type { UserStatus } from '@uplink/contract/constants';
import { api } from '../../../lib/api-client';
import { useMutation, useQueryClient } from '../../../lib/query';
import { adminUsersKeys } from './get-admin-users';

/** PUT /users/{id}/status: answers the status now set. */
export async function changeMemberStatus(id: string, status: UserStatus): Promise<{ status: UserStatus }> {
  const { data } = await api.put<{ status: UserStatus }>(`/users/${encodeURIComponent(id)}/status`, { status });
  return data;
}

/** The list, the member's detail and the dashboard reload after a change. */
export function useChangeMemberStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: UserStatus }) => changeMemberStatus(id, status),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminUsersKeys.all }),
  });
}
