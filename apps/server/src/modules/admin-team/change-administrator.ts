import { type AdminRole, adminRoleLabels, adminTeamTexts } from '@uplink/contract/admin-roles';
import type { AuditAction } from '@uplink/contract/audit';
import { errorTexts } from '@uplink/contract/error-codes';
import type { AppContext } from '../../app-context';
import { isUuid } from '../../db/uuid';
import { DomainError, forbidden } from '../../domain-error';
import { recordAdminAction } from '../audit/audit-log-repository';
import type { RequestingAdministrator } from '../audit/requesting-administrator';
import {
  type AdministratorChange,
  changeAdministrator,
  type LockedAdministrator,
  lockTeam,
  revokeInvitationsSentBy,
} from './admin-team-repository';
import { fullName, tellOwnersOfOwnerDeed } from './team-notices';

/** What an owner does to another administrator. */
export type TeamChange =
  | { kind: 'role'; role: AdminRole }
  | { kind: 'suspend' }
  | { kind: 'reinstate' }
  | { kind: 'remove' };

const auditActions: Record<TeamChange['kind'], AuditAction> = {
  role: 'ADMIN_ROLE_CHANGED',
  suspend: 'ADMIN_SUSPENDED',
  reinstate: 'ADMIN_REINSTATED',
  remove: 'ADMIN_REMOVED',
};

const notFound = () => new DomainError('NOT_FOUND', adminTeamTexts.administratorNotFound);

/**
 * An owner changes another administrator's role, suspends, reinstates or removes them. Every
 * administrator's row is locked first (one order for all), and the rules are decided on what the
 * lock shows: the team keeps an active owner (LAST_OWNER) — so two owners demoting each other at
 * once leave one —, nobody changes themselves (ADMIN_SELF_CHANGE), and the owner must still be an
 * active owner when their turn comes. The change ends the administrator's sessions at once, and an
 * owner who stops being one loses the invitations they sent; it, its audit row and the mails to
 * every owner are one transaction.
 * @rule LAST_OWNER
 * @rule NO_SELF_CHANGE
 */
export async function changeTeamMember(
  deps: Pick<AppContext, 'db' | 'config' | 'clock' | 'mailWorker'>,
  owner: RequestingAdministrator,
  administratorId: string,
  change: TeamChange,
): Promise<void> {
  if (!isUuid(administratorId)) throw notFound();
  if (administratorId === owner.id) throw new DomainError('ADMIN_SELF_CHANGE', errorTexts.ADMIN_SELF_CHANGE);
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    const team = await lockTeam(trx);
    const target = team.find((administrator) => administrator.id === administratorId);
    if (!target) throw notFound();
    const applied = changeOf(target, change);
    // An active owner who stops being one: the team must keep another.
    const losesOwnership = isActiveOwner(target) && !staysActiveOwner(target, applied);
    const ownersLeft = team.filter((administrator) => administrator.id !== target.id && isActiveOwner(administrator));
    if (losesOwnership && ownersLeft.length === 0) throw new DomainError('LAST_OWNER', errorTexts.LAST_OWNER);
    if (!team.some((administrator) => administrator.id === owner.id && isActiveOwner(administrator))) throw forbidden();

    const changed = await changeAdministrator(trx, target.id, applied, now);
    const invitationsRevoked = losesOwnership ? await revokeInvitationsSentBy(trx, target.id, now) : 0;
    await recordAdminAction(
      trx,
      {
        actorId: owner.id,
        action: auditActions[change.kind],
        targetType: 'ADMINISTRATOR',
        targetId: target.id,
        before: { role: target.admin_role, status: target.admin_status },
        after: {
          ...('removed' in applied ? { removed: true } : { role: changed.admin_role, status: changed.admin_status }),
          ...(invitationsRevoked > 0 ? { invitationsRevoked } : {}),
        },
        ipAddress: owner.ipAddress,
        requestId: owner.requestId,
      },
      now,
    );
    await tellOwnersOfOwnerDeed(trx, deps.config, owner.id, described(change, fullName(changed)));
  });
  deps.mailWorker.wake();
}

const isActiveOwner = (administrator: LockedAdministrator) =>
  administrator.admin_role === 'OWNER' && administrator.admin_status === 'ACTIVE';

function staysActiveOwner(target: LockedAdministrator, applied: AdministratorChange): boolean {
  if ('removed' in applied) return false;
  return isActiveOwner({
    ...target,
    ...('role' in applied ? { admin_role: applied.role } : { admin_status: applied.status }),
  });
}

/** The row change a team change makes, refused when it would change nothing. */
function changeOf(target: LockedAdministrator, change: TeamChange): AdministratorChange {
  switch (change.kind) {
    case 'role':
      if (target.admin_role === change.role) throw new DomainError('INVALID_STATUS', adminTeamTexts.sameRole);
      return { role: change.role };
    case 'suspend':
      if (target.admin_status === 'SUSPENDED') throw new DomainError('INVALID_STATUS', adminTeamTexts.alreadySuspended);
      return { status: 'SUSPENDED' };
    case 'reinstate':
      if (target.admin_status !== 'SUSPENDED') throw new DomainError('INVALID_STATUS', adminTeamTexts.notSuspended);
      return { status: 'ACTIVE' };
    case 'remove':
      return { removed: true };
  }
}

function described(change: TeamChange, name: string): string {
  switch (change.kind) {
    case 'role':
      return `made ${name} ${adminRoleLabels[change.role]}.`;
    case 'suspend':
      return `suspended ${name}.`;
    case 'reinstate':
      return `reinstated ${name}.`;
    case 'remove':
      return `removed ${name} from the team.`;
  }
}
