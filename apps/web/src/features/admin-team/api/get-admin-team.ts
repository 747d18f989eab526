import type { AdminTeam } from '@uplink/contract/admin-team';
import { api } from '../../../lib/api-client';
import { useQuery } from '../../../lib/query';

/** Every team query sits under `all`, so any change to the team reloads it. */
export const adminTeamKeys = {
  all: ['admin-team'] as const,
};

/** GET /admin/team: the administrators and the pending invitations. */
export async function getAdminTeam(signal?: AbortSignal): Promise<AdminTeam> {
  const { data } = await api.get<AdminTeam>('/admin/team', { signal });
  return data;
}

export function useAdminTeam() {
  return useQuery({ queryKey: adminTeamKeys.all, queryFn: ({ signal }) => getAdminTeam(signal) });
}
