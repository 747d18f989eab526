import type { Invitees, InviteesQuery } from '@uplink/contract/invitations';
import { api } from '../../../lib/api-client';
import { keepPreviousData, useQuery } from '../../../lib/query';

export const inviteesKeys = {
  all: ['invitees'] as const,
  page: (query: InviteesQuery) => [...inviteesKeys.all, query] as const,
};

/** GET /referrals/invitees: a page of the member's level-1 invitees with their stage and what they need. */
export async function getInvitees(query: InviteesQuery, signal?: AbortSignal): Promise<Invitees> {
  const { data } = await api.get<Invitees>('/referrals/invitees', {
    query: { stage: query.stage, page: query.page, limit: query.limit },
    signal,
  });
  return data;
}

export function useInvitees(query: InviteesQuery) {
  return useQuery({
    queryKey: inviteesKeys.page(query),
    queryFn: ({ signal }) => getInvitees(query, signal),
    placeholderData: keepPreviousData,
  });
}
