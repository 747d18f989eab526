import { adminRoleLabels, secondApproverRoles } from '@uplink/contract/admin-roles';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { DomainError, forbidden } from '../../domain-error';
import type { RequestingAdministrator } from '../audit/requesting-administrator';
import { type AdministratorStanding, findAdministratorStanding } from './batch-payment-repository';

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

/**
 * Whether the batch's approval still counts: its approver is, when the payment starts (or when
 * the batch is looked at), an active administrator of a second-approver role. An approval whose
 * approver was demoted, suspended or removed since is no approval: the batch needs another.
 */
export async function approvalStands(trx: Kysely<Database>, batch: { approved_by: string | null }): Promise<boolean> {
  if (!batch.approved_by) return false;
  return isSecondApprover(await findAdministratorStanding(trx, batch.approved_by));
}

/** A person who may be a second approver now: an active administrator of a second-approver role. */
export function isSecondApprover(standing: AdministratorStanding | undefined): boolean {
  if (!standing?.is_admin || standing.admin_status !== 'ACTIVE' || standing.admin_role === null) return false;
  return secondApproverRoles.includes(standing.admin_role);
}

/** What the administrator who cannot start this payment without a second approval is told to do. */
export function approvalNeeded(batch: { approved_by: string | null }): string {
  return batch.approved_by
    ? 'its approval no longer counts, as its approver no longer holds a role that may approve: another administrator must approve it again before it is paid.'
    : 'another administrator must approve it before it is paid.';
}
