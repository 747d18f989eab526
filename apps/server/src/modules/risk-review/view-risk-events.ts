import { fullName } from '@uplink/contract/format';
import type { RiskEvent, RiskEventMember, RiskEvents, riskEventsQuerySchema } from '@uplink/contract/risk';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { AppContext } from '../../app-context';
import { readAdminListPage } from '../../db/list-page';
import type { Database } from '../../db/schema';
import {
  countOpenRiskEvents,
  countRiskEvents,
  findEventMembers,
  findRiskEventsPage,
  type RiskEventRow,
} from '../risk/risk-events-repository';

/** The risk queue: a page of events, most severe first, with the open counts over all of them. */
export async function viewRiskEvents(
  deps: Pick<AppContext, 'readDb'>,
  query: z.output<typeof riskEventsQuerySchema>,
): Promise<RiskEvents> {
  const filters = { status: query.status, severity: query.severity, rule: query.rule };
  const [{ rows, pagination }, open] = await Promise.all([
    readAdminListPage(
      query,
      (window) => findRiskEventsPage(deps.readDb, filters, window),
      () => countRiskEvents(deps.readDb, filters),
    ),
    countOpenRiskEvents(deps.readDb),
  ]);
  return {
    events: await withMembers(deps.readDb, rows),
    pagination,
    statistics: { open: open.HIGH + open.MEDIUM + open.LOW, openHigh: open.HIGH },
  };
}

/** Events as the API answers them, each with its first members (`listedMembersPerEvent`) and their count. */
export async function withMembers(db: Kysely<Database>, rows: readonly RiskEventRow[]): Promise<RiskEvent[]> {
  const members = await findEventMembers(
    db,
    rows.map((row) => row.id),
  );
  const byEvent = new Map<string, RiskEventMember[]>();
  const countOf = new Map<string, number>();
  for (const member of members) {
    const person = {
      _id: member.id,
      userId: member.user_id,
      email: member.email,
      firstName: member.first_name,
      lastName: member.last_name,
      earlierHolder: member.earlier_holder,
      holdExtended: member.hold_extended,
    };
    byEvent.set(member.event_id, [...(byEvent.get(member.event_id) ?? []), person]);
    countOf.set(member.event_id, member.member_count);
  }
  return rows.map((row) => ({
    _id: row.id,
    rule: row.rule,
    severity: row.severity,
    status: row.status,
    members: byEvent.get(row.id) ?? [],
    memberCount: countOf.get(row.id) ?? 0,
    evidence: row.evidence,
    createdAt: row.created_at.toISOString(),
    resolvedAt: row.resolved_at?.toISOString() ?? null,
    resolvedBy:
      row.resolved_by === null
        ? null
        : fullName({ firstName: row.resolver_first_name ?? '', lastName: row.resolver_last_name ?? '' }),
    note: row.note,
  }));
}
