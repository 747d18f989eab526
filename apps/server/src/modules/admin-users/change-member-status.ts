import { adminUserTexts } from '@uplink/contract/admin-users';
import type { UserStatus } from '@uplink/contract/constants';
import type { AppContext } from '../../app-context';
import { isUuid } from '../../db/uuid';
import { DomainError } from '../../domain-error';
import { recordAdminAction } from '../audit/audit-log-repository';
import type { RequestingAdministrator } from '../audit/requesting-administrator';
import { lockMemberForAdminAction, setUserStatus } from './admin-users-repository';

/**
 * An administrator sets a member's status: ACTIVE, LOCKED or DISABLED. It must change; an
 * administrator cannot change their own, nor leave the platform without an active administrator.
 * LOCKED and DISABLED end the member's sessions at once: every request reads the status. The
 * change and its audit row are one transaction.
 */
export async function changeMemberStatus(
  deps: Pick<AppContext, 'db' | 'clock'>,
  administrator: RequestingAdministrator,
  memberId: string,
  status: UserStatus,
): Promise<{ status: UserStatus }> {
  if (!isUuid(memberId)) throw new DomainError('USER_NOT_FOUND', 'User not found');
  if (memberId === administrator.id) throw new DomainError('INVALID_STATUS', adminUserTexts.ownStatus);
  return deps.db.transaction().execute(async (trx) => {
    const locked = await lockMemberForAdminAction(trx, memberId);
    if (!locked || locked.member.deleted_at) throw new DomainError('USER_NOT_FOUND', 'User not found');
    const { member, otherActiveAdministrators } = locked;
    if (member.status === status) throw new DomainError('INVALID_STATUS', adminUserTexts.sameStatus);
    if (member.is_admin && status !== 'ACTIVE' && otherActiveAdministrators === 0) {
      throw new DomainError('INVALID_STATUS', adminUserTexts.lastAdministrator);
    }
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
