import type { MemberRiskEvent, RiskMark } from '@uplink/contract/risk';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { findEventsOfMember } from './risk-events-repository';
import { riskMarksOf } from './risk-marks';

/** A member's risk mark and the events naming them, for the user detail. */
export async function memberRisk(
  db: Kysely<Database>,
  memberId: string,
): Promise<{ risk: RiskMark; riskEvents: MemberRiskEvent[] }> {
  const [riskOf, events] = await Promise.all([riskMarksOf(db, [memberId]), findEventsOfMember(db, memberId)]);
  return {
    risk: riskOf(memberId),
    riskEvents: events.map((event) => ({
      _id: event.id,
      rule: event.rule,
      severity: event.severity,
      status: event.status,
      createdAt: event.created_at.toISOString(),
      resolvedAt: event.resolved_at?.toISOString() ?? null,
    })),
  };
}
