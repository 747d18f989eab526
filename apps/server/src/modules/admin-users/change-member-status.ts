import { adminUserTexts } from '@uplink/contract/admin-users';
import type { UserStatus } from '@uplink/contract/constants';
import type { AppContext } from '../../app-context';
import { isUuid } from '../../db/uuid';
import { DomainError } from '../../domain-error';
import { recordAdminAction } from '../audit/audit-log-repository';
import type { RequestingAdministrator } from '../audit/requesting-administrator';
import { lockMemberForAdminAction, setUserStatus } from './admin-users-repository';

/**
 * An administrator sets a member's status: ACTIVE, LOCKED or DISABLED. It must change. An
 * administrator's own account is no member's: the team's owners suspend or remove it (admin-team),
 * so no administrator is locked out through a member's status. LOCKED and DISABLED end the member's sessions at once: every request reads the status. The
 * change and its audit row are one transaction.
 */
export async function changeMemberStatus(
  deps: Pick<AppContext, 'db' | 'clock'>,
  administrator: RequestingAdministrator,
  memberId: string,
  status: UserStatus,
): Promise<{ status: UserStatus }> {
  if (!isUuid(memberId)) throw new DomainError('USER_NOT_FOUND', 'User not found');
  return deps.db.transaction().execute(async (trx) => {
    const member = await lockMemberForAdminAction(trx, memberId);
    if (!member || member.deleted_at) throw new DomainError('USER_NOT_FOUND', 'User not found');
    if (member.is_admin) throw new DomainError('INVALID_STATUS', adminUserTexts.administrator);
    if (member.status === status) throw new DomainError('INVALID_STATUS', adminUserTexts.sameStatus);
    const now = deps.clock.now();
    await setUserStatus(trx, memberId, status, now);
    await recordAdminAction(
      trx,
      {
        actorId: administrator.id,
        action: 'USER_STATUS_CHANGED',
        targetType: 'USER',
        targetId: memberId,
        before: { status: member.status },
        after: { status },
        ipAddress: administrator.ipAddress,
        requestId: administrator.requestId,
      },
      now,
    );
    return { status };
  });
}
