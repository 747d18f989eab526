import { type Funnel, funnelOf, type funnelQuerySchema } from '@uplink/contract/invitations';
import type { z } from 'zod';
import type { AppContext } from '../../app-context';
import { funnelCountsOf } from './funnel-counts';
import { findMemberFunnelCounts } from './invitations-repository';
import { utcDay } from './record-link-visit';

/**
 * The funnel of the member's own link: its unique visits in the period and, of the invitees who
 * registered in it, how many reached each step.
 */
export async function viewFunnel(
  deps: Pick<AppContext, 'readDb' | 'clock'>,
  memberId: string,
  query: z.output<typeof funnelQuerySchema>,
): Promise<Funnel> {
  const range = { from: query.from ?? null, to: query.to ?? utcDay(deps.clock.now()) };
  const { visits, stages } = await findMemberFunnelCounts(deps.readDb, memberId, range);
  return { ...range, ...funnelOf(funnelCountsOf(visits, stages)) };
}
