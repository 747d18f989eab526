import { adminRoleLabels, secondApproverRoles } from '@uplink/contract/admin-roles';
import { Decimal } from 'decimal.js';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../app-context';
import type { Database } from '../../db/schema';
import { DomainError, forbidden } from '../../domain-error';
import type { RequestingAdministrator } from '../audit/requesting-administrator';
import { findUnapprovedExportTotal, lockExportWindow } from './payout-batches-repository';

/** What a second person does to a batch: approve it, or release its payment above the limit. */
export type SecondPersonAct = 'approve' | 'release';

const actWords: Record<SecondPersonAct, string> = { approve: 'approve it', release: 'release it' };

/**
 * Who may be a batch's second person — its approval, and the release of a payment above
 * PAYOUT_SECOND_APPROVAL_ABOVE: an administrator of a second-approver role (FINANCE or OWNER),
 * neither the one who created it nor one who exported it (or paid it from the demo treasury).
 * The one home of that rule; null when `administrator` may.
 * @rule FOUR_EYES_SECOND_PERSON
 */
export function secondPersonRefusal(
  batch: { created_by: string },
  exporters: readonly string[],
  administrator: Pick<RequestingAdministrator, 'id' | 'role'>,
  act: SecondPersonAct,
): DomainError | null {
  const administratorId = administrator.id;
  if (!administrator.role || !secondApproverRoles.includes(administrator.role)) {
    return forbidden(
      `Only ${secondApproverRoles.map((role) => adminRoleLabels[role]).join(' or ')} administrators may ${actWords[act]}.`,
    );
  }
  if (batch.created_by === administratorId) {
    return new DomainError(
      'PAYOUT_APPROVAL_BY_CREATOR',
      `An administrator other than the one who created the batch must ${actWords[act]}.`,
    );
  }
  if (exporters.includes(administratorId)) {
    return new DomainError(
      'PAYOUT_APPROVAL_BY_EXPORTER',
      `An administrator other than one who exported the batch must ${actWords[act]}.`,
    );
  }
  return null;
}

const windowMs = 24 * 60 * 60 * 1000;

/**
 * Four eyes over a window: without a second approval, an administrator exports at most
 * PAYOUT_SECOND_APPROVAL_ABOVE in any rolling 24 hours, over every batch they export (each once,
 * at their first export of it in its payment). Run in the export's transaction: the
 * administrator's exports are serialised (`lockExportWindow`), so two at once cannot both fit.
 * @rule FOUR_EYES_WINDOW
 */
export async function checkExportWindow(
  trx: Kysely<Database>,
  deps: Pick<AppContext, 'config'>,
  batch: { id: string; approved_by: string | null },
  administratorId: string,
  total: string,
  now: Date,
): Promise<void> {
  if (batch.approved_by) return;
  const limit = deps.config.withdrawals.secondApprovalAbove;
  await lockExportWindow(trx, administratorId);
  const earlier = await findUnapprovedExportTotal(trx, administratorId, new Date(now.getTime() - windowMs), batch.id);
  const sum = new Decimal(earlier).plus(total);
  if (sum.lte(limit)) return;
  const message = new Decimal(earlier).isZero()
    ? `This batch (${new Decimal(total).toFixed(2)} USDT) is above the second-approval limit of ${limit} USDT: another administrator must approve it before it can be exported.`
    : `With what you exported in the last 24 hours without a second approval (${new Decimal(earlier).toFixed(2)} USDT), this batch (${new Decimal(total).toFixed(2)} USDT) would take you above the limit of ${limit} USDT: another administrator must approve it before you export it.`;
  throw new DomainError('PAYOUT_APPROVAL_REQUIRED', message);
}
