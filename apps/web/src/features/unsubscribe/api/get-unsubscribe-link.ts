import type { UnsubscribeLink, UnsubscribeLinkState } from '@uplink/contract/notifications';
import { api } from '../../../lib/api-client';
import { useQuery } from '../../../lib/query';

export const unsubscribeLinkKeys = {
  all: ['unsubscribe-link'] as const,
  link: (link: UnsubscribeLink) => [...unsubscribeLinkKeys.all, link] as const,
};

/** GET /users/notifications/unsubscribe: the kind a notice's signed link turns off and whether it is on; changes nothing. */
export async function getUnsubscribeLink(link: UnsubscribeLink, signal?: AbortSignal): Promise<UnsubscribeLinkState> {
  const { data } = await api.get<UnsubscribeLinkState>('/users/notifications/unsubscribe', {
    query: { ...link },
    signal,
  });
  return data;
}

export function useUnsubscribeLink(link: UnsubscribeLink) {
  return useQuery({
    queryKey: unsubscribeLinkKeys.link(link),
    queryFn: ({ signal }) => getUnsubscribeLink(link, signal),
  });
}
