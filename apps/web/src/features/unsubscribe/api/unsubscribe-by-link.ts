import type { UnsubscribeLink, UnsubscribeResult } from '@uplink/contract/notifications';
import { api } from '../../../lib/api-client';
import { useMutation } from '../../../lib/query';

/**
 * POST /users/notifications/unsubscribe: the same signed request a mail client's one-click sends
 * (RFC 8058), made by the page's button; turns the kind off, again a no-op.
 */
export async function unsubscribeByLink(link: UnsubscribeLink): Promise<UnsubscribeResult> {
  const { data } = await api.post<UnsubscribeResult>(`/users/notifications/unsubscribe?${new URLSearchParams(link)}`);
  return data;
}

export function useUnsubscribeByLink() {
  return useMutation({ mutationFn: unsubscribeByLink });
}
