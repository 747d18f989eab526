import { errorTexts } from '@uplink/contract/error-codes';
import { type RiskResolutionResult, riskTexts } from '@uplink/contract/risk';
import type { AppContext } from '../../app-context';
import { moneyTransaction } from '../../db/money-transaction';
import { isUuid } from '../../db/uuid';
import { DomainError } from '../../domain-error';
import { setUserStatus } from '../admin-users/admin-users-repository';
import { recordAdminActions } from '../audit/audit-log-repository';
import type { RequestingAdministrator } from '../audit/requesting-administrator';
import {
  findRiskEvent,
  findRiskEventRow,
  heldMemberIdsOf,
  lockEventMembers,
  lockPendingWithdrawalsOf,
  lockRiskEvent,
  markResolved,
  memberIdsOf,
} from '../risk/risk-events-repository';
import { recordWithdrawalDecisions } from '../withdrawals/record-withdrawal-decision';
import { mayBeDecidedNow } from '../withdrawals/withdrawal-payment-claim';
import { withMembers } from './view-risk-events';

export const notFound = () => new DomainError('RISK_EVENT_NOT_FOUND', errorTexts.RISK_EVENT_NOT_FOUND);
export const alreadyResolved = () =>
  new DomainError('RISK_EVENT_ALREADY_RESOLVED', errorTexts.RISK_EVENT_ALREADY_RESOLVED);

export interface Resolution {
  resolution: 'DISMISSED' | 'CONFIRMED';
  note: string;
}

/**
 * A person resolves an open event, once (of two resolutions at once, one wins; the other is
 * RISK_EVENT_ALREADY_RESOLVED):
 *
 * - DISMISSED releases the hold; the same evidence never raises the cluster's event again.
 * - CONFIRMED locks the members it holds (earlier holders only when the hold was extended to
 *   them; administrators excepted: another administrator locks them by hand) and blocks their
 *   pending withdrawals (BLOCKED_COMPLIANCE: the note as the internal
 *   reason, a neutral reason for the member, the holds voided on the ledger, one e-mail each). A
 *   withdrawal whose payment is under way is left to its payment: it cannot be blocked.
 *
 * One transaction with its audit rows. Locks in the order the rest of the app takes them: the
 * members' rows, the event, their withdrawals, then their ledger accounts.
 */
export async function resolveRiskEvent(
  deps: Pick<AppContext, 'db' | 'clock' | 'config' | 'mailWorker'>,
  administrator: RequestingAdministrator,
  eventId: string,
  input: Resolution,
): Promise<RiskResolutionResult> {
  if (!isUuid(eventId)) throw notFound();
  if (!(await findRiskEvent(deps.db, eventId))) throw notFound();
  const now = deps.clock.now();
  const outcome = await moneyTransaction(deps.db, async (trx) => {
    // Members join an event only by committed evaluations, so those read now are all there are
    // but for ones added after; those are locked after the event (their evaluation has committed).
    const members = await lockEventMembers(trx, await memberIdsOf(trx, eventId));
    const event = await lockRiskEvent(trx, eventId);
    if (!event) throw notFound();
    if (event.status !== 'OPEN') throw alreadyResolved();
    const memberIds = await memberIdsOf(trx, eventId);
    const lockedIds = new Set(members.map((member) => member.id));
    const everyMember = [
      ...members,
      ...(await lockEventMembers(
        trx,
        memberIds.filter((id) => !lockedIds.has(id)),
      )),
    ];
    const note = input.note.trim();
    await markResolved(trx, eventId, { status: input.resolution, by: administrator.id, note, at: now });
    const audited = {
      requestId: administrator.requestId,
      ipAddress: administrator.ipAddress,
      actorId: administrator.id,
    };
    if (input.resolution === 'DISMISSED') {
      await recordAdminActions(
        trx,
        [
          {
            ...audited,
            action: 'RISK_EVENT_DISMISSED',
            targetType: 'RISK_EVENT',
            targetId: eventId,
            before: { status: 'OPEN', rule: event.rule, severity: event.severity, members: memberIds },
            after: { status: 'DISMISSED', note },
          },
        ],
        now,
      );
      return { blockedWithdrawals: 0, lockedMembers: 0 };
    }
    const held = new Set(await heldMemberIdsOf(trx, eventId));
    const toLock = everyMember.filter(
      (member) => held.has(member.id) && !member.is_admin && !member.deleted_at && member.status === 'ACTIVE',
    );
    for (const member of toLock) await setUserStatus(trx, member.id, 'LOCKED', now);
    // Blocked: what a decision may decide now (a withdrawal claimed for payment is the payment's).
    const pending = (await lockPendingWithdrawalsOf(trx, [...held])).filter((withdrawal) =>
      mayBeDecidedNow(withdrawal, null),
    );
    await recordWithdrawalDecisions(
      trx,
      deps,
      pending.map((locked) => ({
        locked,
        decision: {
          status: 'BLOCKED_COMPLIANCE' as const,
          reason: riskTexts.memberBlockedReason,
          internalNote: note,
          payment: null,
        },
        auditedAs: { riskEventId: eventId },
      })),
      audited,
      now,
    );
    await recordAdminActions(
      trx,
      [
        ...toLock.map((member) => ({
          ...audited,
          action: 'USER_STATUS_CHANGED' as const,
          targetType: 'USER' as const,
          targetId: member.id,
          before: { status: member.status },
          after: { status: 'LOCKED', riskEventId: eventId },
        })),
        {
          ...audited,
          action: 'RISK_EVENT_CONFIRMED',
          targetType: 'RISK_EVENT',
          targetId: eventId,
          before: { status: 'OPEN', rule: event.rule, severity: event.severity, members: memberIds },
          after: {
            status: 'CONFIRMED',
            note,
            lockedMembers: toLock.map((member) => member.id),
            blockedWithdrawals: pending.map((withdrawal) => withdrawal.id),
          },
        },
      ],
      now,
    );
    return { blockedWithdrawals: pending.length, lockedMembers: toLock.length };
  });
  deps.mailWorker.wake();
  const row = await findRiskEventRow(deps.db, eventId);
  if (!row) throw notFound();
  const [event] = await withMembers(deps.db, [row]);
  return { event: event as RiskResolutionResult['event'], ...outcome };
}
