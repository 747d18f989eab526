import { invitationTexts } from '@uplink/contract/invitation-texts';
import type { Funnel, FunnelQuery } from '@uplink/contract/invitations';
import { api } from '../../../lib/api-client';
import { useQuery } from '../../../lib/query';

export const funnelKeys = {
  all: ['invitation-funnel'] as const,
  of: (query: FunnelQuery) => [...funnelKeys.all, query] as const,
};

/** GET /referrals/funnel: the member's link in a period, its visits and how far its invitees got. */
export async function getFunnel(query: FunnelQuery, signal?: AbortSignal): Promise<Funnel> {
  const { data } = await api.get<Funnel>('/referrals/funnel', { query: { from: query.from, to: query.to }, signal });
  return data;
}

export function useFunnel(query: FunnelQuery) {
  return useQuery({ queryKey: funnelKeys.of(query), queryFn: ({ signal }) => getFunnel(query, signal) });
}

/** The Monday (UTC) of this week, as the funnel's `from`. */
function thisWeek(): FunnelQuery {
  const today = new Date();
  const monday = new Date(today.getTime() - ((today.getUTCDay() + 6) % 7) * 86_400_000);
  return { from: monday.toISOString().slice(0, 10) };
}

/** "3 visits this week" of the member's link (since Monday, UTC), or null until known. */
export function useVisitsThisWeek(): string | null {
  const funnel = useFunnel(thisWeek());
  const visits = funnel.data?.steps[0]?.count;
  return visits === undefined ? null : invitationTexts.visitsThisWeek(visits);
}
