import { adminTeamTexts } from '@uplink/contract/admin-roles';
import type { AppContext } from '../../app-context';
import { isUuid } from '../../db/uuid';
import { DomainError } from '../../domain-error';
import { recordAdminAction } from '../audit/audit-log-repository';
import type { RequestingAdministrator } from '../audit/requesting-administrator';
import { revokePendingInvitation } from './admin-team-repository';
import { tellOwnersOfOwnerDeed } from './team-notices';

const notFound = () => new DomainError('NOT_FOUND', adminTeamTexts.invitationNotFound);

/** An owner revokes a pending invitation: its link stops working at once. */
export async function revokeInvitation(
  deps: Pick<AppContext, 'db' | 'config' | 'clock' | 'mailWorker'>,
  owner: RequestingAdministrator,
  invitationId: string,
): Promise<void> {
  if (!isUuid(invitationId)) throw notFound();
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    const revoked = await revokePendingInvitation(trx, invitationId, now);
    if (!revoked) throw notFound();
    await recordAdminAction(
      trx,
      {
        actorId: owner.id,
        action: 'ADMIN_INVITATION_REVOKED',
        targetType: 'ADMIN_INVITATION',
        targetId: revoked.id,
        before: { email: revoked.email, role: revoked.role, status: 'PENDING' },
        after: { status: 'REVOKED' },
        ipAddress: owner.ipAddress,
        requestId: owner.requestId,
      },
      now,
    );
    await tellOwnersOfOwnerDeed(trx, deps.config, owner.id, `revoked the invitation to ${revoked.email}.`);
  });
  deps.mailWorker.wake();
}
