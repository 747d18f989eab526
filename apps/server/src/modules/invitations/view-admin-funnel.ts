import { fullName } from '@uplink/contract/format';
import {
  type AdminFunnel,
  adminFunnelMaxWeeks,
  type adminFunnelQuerySchema,
  bestLinksMinimumVisits,
  type FunnelCounts,
  funnelOf,
} from '@uplink/contract/invitations';
import type { z } from 'zod';
import type { AppContext } from '../../app-context';
import { DomainError, validationFailed } from '../../domain-error';
import { funnelCountsOf } from './funnel-counts';
import { findBestLinks, findWeeklyFunnelCounts, linkOwnerExists } from './invitations-repository';
import { utcDay } from './record-link-visit';

const dayMs = 86_400_000;
const defaultWeeks = 12;
const bestLinksShown = 10;

/** The Monday 00:00 UTC of the week of `day`. */
const mondayOf = (day: string) => {
  const date = new Date(`${day}T00:00:00.000Z`);
  return new Date(date.getTime() - ((date.getUTCDay() + 6) % 7) * dayMs);
};

function addCounts(total: FunnelCounts, week: FunnelCounts): FunnelCounts {
  const stages = { ...total.stages };
  for (const stage of Object.keys(stages) as (keyof FunnelCounts['stages'])[]) stages[stage] += week.stages[stage];
  return { visits: total.visits + week.visits, throughLink: total.throughLink + week.throughLink, stages };
}

/**
 * The network's funnel by week (Monday to Sunday, UTC) — or one member's link's — with the
 * conversion at each step, over at most a year of weeks (the last 12 without `from`), and the
 * links converting best. Read from the counters, never from the members.
 */
export async function viewAdminFunnel(
  deps: Pick<AppContext, 'readDb' | 'clock'>,
  query: z.output<typeof adminFunnelQuerySchema>,
): Promise<AdminFunnel> {
  const to = query.to ?? utcDay(deps.clock.now());
  const from = query.from ?? utcDay(new Date(mondayOf(to).getTime() - (defaultWeeks - 1) * 7 * dayMs));
  const weeksSpanned =
    Math.floor((new Date(`${to}T00:00:00.000Z`).getTime() - mondayOf(from).getTime()) / (7 * dayMs)) + 1;
  if (weeksSpanned > adminFunnelMaxWeeks) {
    throw validationFailed([{ field: 'from', message: `The report covers at most ${adminFunnelMaxWeeks} weeks` }]);
  }
  const memberId = query.memberId ?? null;
  if (memberId !== null) {
    if (!(await linkOwnerExists(deps.readDb, memberId))) throw new DomainError('USER_NOT_FOUND', 'User not found');
  }
  const [weeks, best] = await Promise.all([
    findWeeklyFunnelCounts(deps.readDb, { from, to }, memberId),
    memberId === null ? findBestLinks(deps.readDb, bestLinksMinimumVisits, bestLinksShown) : Promise.resolve([]),
  ]);
  const weekly = weeks.map((week) => ({ weekStart: week.weekStart, counts: funnelCountsOf(week.visits, week.stages) }));
  const total = weekly.reduce((sum, week) => addCounts(sum, week.counts), funnelCountsOf(0, []));
  return {
    from,
    to,
    memberId,
    total: { from, to, ...funnelOf(total) },
    weeks: weekly.map(({ weekStart, counts }) => {
      const { steps, partlyPaid } = funnelOf(counts);
      return { weekStart, steps, partlyPaid };
    }),
    bestLinks: best.map((link) => ({
      _id: link.id,
      userId: link.user_id,
      name: fullName({ firstName: link.first_name, lastName: link.last_name }),
      visits: link.visits,
      registered: link.registered,
      paid: link.paid,
      conversion: link.paid / link.visits,
    })),
  };
}
