import type { LinkBingxUidRequest, linkBingxUidResultSchema } from '@uplink/contract/onboarding';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { useMutation } from '../../../lib/query';

/** PUT /users/bingx-uid — links the member's BingX UID once the exchange confirms it. */
export async function linkBingxUid(body: LinkBingxUidRequest) {
  return api.put<z.infer<typeof linkBingxUidResultSchema>>('/users/bingx-uid', body);
}

export function useLinkBingxUid() {
  return useMutation({ mutationFn: linkBingxUid });
}
