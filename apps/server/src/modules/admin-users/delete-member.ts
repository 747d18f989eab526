import { adminUserTexts } from '@uplink/contract/admin-users';
import type { AppContext } from '../../app-context';
import { moneyTransaction } from '../../db/money-transaction';
import { isUuid } from '../../db/uuid';
import { DomainError } from '../../domain-error';
import { recordAdminAction } from '../audit/audit-log-repository';
import type { RequestingAdministrator } from '../audit/requesting-administrator';
import { lockLedgerAccount } from '../ledger/ledger-repository';
import { forfeitMemberLocks } from '../rewards/reward-compliance-repository';
import { blankDeletedMember, hasPendingWithdrawal, lockMemberForAdminAction } from './admin-users-repository';

/**
 * An administrator deletes a member: a soft delete (DESIGN.md). Sign-in and every open session
 * end, personal data is blanked; the tree, the ledger and the reward history stay, so uplines
 * keep counting the member's downline. The member's locked rewards are forfeited and no reward
 * is credited to them again. A member with a withdrawal waiting for a decision is refused: the
 * held amount must be decided first. The delete, the forfeits and the audit row are one
 * transaction.
 */
export async function deleteMember(
  deps: Pick<AppContext, 'db' | 'clock'>,
  administrator: RequestingAdministrator,
  memberId: string,
): Promise<void> {
  if (!isUuid(memberId)) throw new DomainError('USER_NOT_FOUND', 'User not found');
  await moneyTransaction(deps.db, async (trx) => {
    const member = await lockMemberForAdminAction(trx, memberId);
    if (!member) throw new DomainError('USER_NOT_FOUND', 'User not found');
    if (member.deleted_at) throw new DomainError('INVALID_STATUS', adminUserTexts.alreadyDeleted);
    // An administrator leaves the team through an owner's removal (admin-team), never as a member.
    if (member.is_admin) throw new DomainError('INVALID_STATUS', adminUserTexts.administrator);
    // The account after the member's row (the lock order beside `lockLedgerAccount`): a withdrawal
    // being created holds both until it is written, so none slips past the check.
    await lockLedgerAccount(trx, memberId);
    if (await hasPendingWithdrawal(trx, memberId)) {
      throw new DomainError('INVALID_STATUS', adminUserTexts.pendingWithdrawals);
    }
    const now = deps.clock.now();
    const forfeited = await forfeitMemberLocks(trx, memberId, now);
    await blankDeletedMember(trx, memberId, now);
    await recordAdminAction(
      trx,
      {
        actorId: administrator.id,
        action: 'USER_DELETED',
        targetType: 'USER',
        targetId: memberId,
        // The personal data is gone; the audit log keeps only what identifies the row.
        before: { userId: member.user_id, status: member.status },
        after: { status: 'DISABLED', deleted: true, lockedCreditsForfeited: forfeited.forfeited },
        ipAddress: administrator.ipAddress,
        requestId: administrator.requestId,
      },
      now,
    );
  });
}
