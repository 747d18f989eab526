import { adminRoleLabels, adminTeamTexts } from '@uplink/contract/admin-roles';
import type { AdminInvitationAccepted, AdminInvitationAcceptInput } from '@uplink/contract/admin-team';
import { resetPasswordMessages, unmetPasswordRequirements } from '@uplink/contract/password-rules';
import type { AppContext } from '../../app-context';
import { isUniqueViolation } from '../../db/constraint-violations';
import { DomainError, validationFailed } from '../../domain-error';
import { hashToken } from '../accounts/account-tokens';
import { hashPassword } from '../accounts/password-hashing';
import { recordAdminAction } from '../audit/audit-log-repository';
import { insertAdministrator, lockUsableInvitation, markInvitationAccepted } from './admin-team-repository';
import { fullName, tellOwners } from './team-notices';

/**
 * Whoever holds an invitation's link chooses a password (the reset screen's rules) and becomes an
 * administrator of the invited role, who signs in as any administrator does. The link works once:
 * a used, revoked or expired one answers INVALID_OR_EXPIRED_TOKEN. The invitation is locked while
 * it is accepted, so two uses at once make one administrator.
 */
export async function acceptInvitation(
  deps: Pick<AppContext, 'db' | 'config' | 'clock' | 'mailWorker'>,
  acceptance: AdminInvitationAcceptInput,
): Promise<AdminInvitationAccepted> {
  if (!acceptance.token) throw new DomainError('TOKEN_REQUIRED', adminTeamTexts.invitationMissingToken);
  const unmet = unmetPasswordRequirements(acceptance.password);
  if (unmet.length > 0) throw validationFailed(unmet.map((message) => ({ field: 'password', message })));
  if (acceptance.password !== acceptance.confirmPassword) {
    throw validationFailed([{ field: 'confirmPassword', message: resetPasswordMessages.mismatch }]);
  }
  const tokenHash = hashToken(acceptance.token);
  const passwordHash = await hashPassword(acceptance.password);
  const now = deps.clock.now();
  const accepted = await deps.db
    .transaction()
    .execute(async (trx) => {
      const invitation = await lockUsableInvitation(trx, tokenHash, now);
      if (!invitation) throw new DomainError('INVALID_OR_EXPIRED_TOKEN', adminTeamTexts.invitationInvalid);
      const administrator = await insertAdministrator(trx, {
        email: invitation.email,
        firstName: invitation.first_name,
        lastName: invitation.last_name,
        passwordHash,
        role: invitation.role,
        invitedBy: invitation.invited_by,
        at: now,
      });
      await markInvitationAccepted(trx, invitation.id, administrator.id, now);
      await recordAdminAction(
        trx,
        {
          actorId: administrator.id,
          action: 'ADMIN_INVITATION_ACCEPTED',
          targetType: 'ADMINISTRATOR',
          targetId: administrator.id,
          after: { invitationId: invitation.id, email: administrator.email, role: administrator.admin_role },
        },
        now,
      );
      await tellOwners(
        trx,
        deps.config,
        `${fullName(administrator)} (${administrator.email}) accepted the invitation and joined the team as ${adminRoleLabels[invitation.role]}.`,
      );
      return { email: administrator.email };
    })
    .catch((error: unknown) => {
      // An account made with the address since the invitation was sent.
      if (isUniqueViolation(error, 'users_email_lower_key')) {
        throw new DomainError('USER_EXISTS', adminTeamTexts.accountExists);
      }
      throw error;
    });
  deps.mailWorker.wake();
  return accepted;
}
