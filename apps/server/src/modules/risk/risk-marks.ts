import type { RiskMark, RiskSeverity } from '@uplink/contract/risk';
import { riskSeverities } from '@uplink/contract/risk';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { findOpenEventsOf } from './risk-events-repository';

/**
 * The risk marks of a page of members (admin lists, the user detail, the withdrawal review): one
 * indexed lookup of the open events naming them. A member no open event names has none.
 */
export async function riskMarksOf(
  db: Kysely<Database>,
  memberIds: readonly string[],
): Promise<(memberId: string) => RiskMark> {
  const events = await findOpenEventsOf(db, memberIds);
  const byMember = new Map<string, typeof events>();
  for (const event of events) byMember.set(event.user_id, [...(byMember.get(event.user_id) ?? []), event]);
  return (memberId) => {
    const open = byMember.get(memberId);
    if (!open) return null;
    const severity = riskSeverities.find((candidate) => open.some((event) => event.severity === candidate));
    return {
      severity: severity as RiskSeverity,
      held: open.some((event) => event.severity === 'HIGH' && event.holds),
      openEvents: open.length,
      rules: [...new Set(open.map((event) => event.rule))].sort(),
    };
  };
}
