import type { LinkVisit } from '@uplink/contract/invitations';
import { api } from '../../../lib/api-client';

/** POST /referrals/visits: counts the visit of an invitation link (first-party) and says who invited the visitor. */
export async function recordLinkVisit(referralCode: string): Promise<LinkVisit> {
  const { data } = await api.post<LinkVisit>('/referrals/visits', { referralCode });
  return data;
}
