import { type FunnelCounts, inviteeStages } from '@uplink/contract/invitations';
import type { StageCount } from './invitations-repository';

/** The counters' rows of one period (or week) as the funnel is built from them. */
export function funnelCountsOf(visits: number, rows: readonly StageCount[]): FunnelCounts {
  const stages = Object.fromEntries(inviteeStages.map((stage) => [stage, 0])) as FunnelCounts['stages'];
  let throughLink = 0;
  for (const row of rows) {
    stages[row.stage] += row.invitees;
    if (row.through_link) throughLink += row.invitees;
  }
  return { visits, throughLink, stages };
}
