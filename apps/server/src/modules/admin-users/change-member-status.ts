import { adminUserTexts } from '@uplink/contract/admin-users';
import type { UserStatus } from '@uplink/contract/constants';
import type { AppContext } from '../../app-context';
import { DomainError } from '../../http/domain-error';
import { recordAdminAction } from '../audit/audit-log-repository';
import { findUser, lockAdministrators, lockUser, setUserStatus } from './admin-users-repository';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * An administrator sets a member's status: ACTIVE, LOCKED or DISABLED. It must change; an
 * administrator cannot change their own, nor leave the platform without an active administrator.
 * LOCKED and DISABLED end the member's sessions at once: every request reads the status. The
 * change and its audit row are one transaction.
 */
export async function changeMemberStatus(
  deps: Pick<AppContext, 'db' | 'clock'>,
  administrator: { id: string; ipAddress: string | null; requestId: string | null },
  memberId: string,
  status: UserStatus,
): Promise<{ status: UserStatus }> {
  if (!uuidPattern.test(memberId)) throw new DomainError('USER_NOT_FOUND', 'User not found');
  if (memberId === administrator.id) throw new DomainError('INVALID_STATUS', adminUserTexts.ownStatus);
  return deps.db.transaction().execute(async (trx) => {
    // An administrator's row is locked with all the others (one order), a member's alone.
    const target = await findUser(trx, memberId);
    if (!target) throw new DomainError('USER_NOT_FOUND', 'User not found');
    const othersActive = target.is_admin ? await lockAdministrators(trx, memberId) : undefined;
    const member = await lockUser(trx, memberId);
    if (!member) throw new DomainError('USER_NOT_FOUND', 'User not found');
    if (member.status === status) throw new DomainError('INVALID_STATUS', adminUserTexts.sameStatus);
    if (member.is_admin && status !== 'ACTIVE' && othersActive === 0) {
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
