import { errorTexts } from '@uplink/contract/error-codes';
import type { RiskEvent } from '@uplink/contract/risk';
import type { AppContext } from '../../app-context';
import { moneyTransaction } from '../../db/money-transaction';
import { isUuid } from '../../db/uuid';
import { DomainError } from '../../domain-error';
import { recordAdminAction } from '../audit/audit-log-repository';
import type { RequestingAdministrator } from '../audit/requesting-administrator';
import { extendHold, findRiskEventRow, lockEventMember, lockRiskEvent } from '../risk/risk-events-repository';
import { alreadyResolved, notFound } from './resolve-risk-event';
import { withMembers } from './view-risk-events';

const memberNotFound = () => new DomainError('RISK_EVENT_MEMBER_NOT_FOUND', errorTexts.RISK_EVENT_MEMBER_NOT_FOUND);

/**
 * An administrator extends an open event's hold to one of its earlier holders (named, not held:
 * the address was theirs first), from the cluster view, with a note; audited. Idempotent: a member
 * the event already holds (one who came later, or extended before) is left as is, unaudited.
 */
export async function extendRiskHold(
  deps: Pick<AppContext, 'db' | 'clock'>,
  administrator: RequestingAdministrator,
  eventId: string,
  memberId: string,
  input: { note: string },
): Promise<RiskEvent> {
  if (!isUuid(eventId)) throw notFound();
  if (!isUuid(memberId)) throw memberNotFound();
  const now = deps.clock.now();
  await moneyTransaction(deps.db, async (trx) => {
    const event = await lockRiskEvent(trx, eventId);
    if (!event) throw notFound();
    if (event.status !== 'OPEN') throw alreadyResolved();
    const member = await lockEventMember(trx, eventId, memberId);
    if (!member) throw memberNotFound();
    if (!member.earlier_holder || member.hold_extended_at) return;
    await extendHold(trx, eventId, memberId, { by: administrator.id, at: now });
    await recordAdminAction(
      trx,
      {
        actorId: administrator.id,
        action: 'RISK_HOLD_EXTENDED',
        targetType: 'RISK_EVENT',
        targetId: eventId,
        before: { memberId, earlierHolder: true, held: false },
        after: { memberId, held: true, note: input.note.trim() },
        ipAddress: administrator.ipAddress,
        requestId: administrator.requestId,
      },
      now,
    );
  });
  const row = await findRiskEventRow(deps.db, eventId);
  if (!row) throw notFound();
  const [event] = await withMembers(deps.db, [row]);
  return event as RiskEvent;
}
