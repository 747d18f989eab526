import { randomBytes } from 'node:crypto';
import { adminInvitationHours, adminRoleLabels, adminTeamTexts } from '@uplink/contract/admin-roles';
import type { AdminInvitation, AdminInvitationInput } from '@uplink/contract/admin-team';
import { errorTexts } from '@uplink/contract/error-codes';
import type { AppContext } from '../../app-context';
import { isUniqueViolation } from '../../db/constraint-violations';
import { DomainError } from '../../domain-error';
import { findUserByEmail, findUserById } from '../accounts/account-repository';
import { hashToken } from '../accounts/account-tokens';
import { recordAdminAction } from '../audit/audit-log-repository';
import type { RequestingAdministrator } from '../audit/requesting-administrator';
import { enqueueMail } from '../mail/mail-outbox-repository';
import { invitationMail } from './admin-team-mails';
import { expireInvitationsTo, insertInvitation } from './admin-team-repository';
import { fullName, tellOwners } from './team-notices';
import { adminInvitation } from './view-team';

const invitationExists = () => new DomainError('ADMIN_INVITATION_EXISTS', errorTexts.ADMIN_INVITATION_EXISTS);

/**
 * An owner invites someone to the team: a one-use link valid for 72 hours goes to their address
 * (only its hash is kept). An address with an account, or with an invitation still pending, is
 * refused; one whose invitation expired may be invited again. The invitation, its audit row and
 * the mails to the invitee and every owner are one transaction.
 */
export async function inviteAdministrator(
  deps: Pick<AppContext, 'db' | 'config' | 'clock' | 'mailWorker'>,
  owner: RequestingAdministrator,
  input: AdminInvitationInput,
): Promise<AdminInvitation> {
  if (await findUserByEmail(deps.db, input.email)) throw new DomainError('USER_EXISTS', adminTeamTexts.accountExists);
  const token = randomBytes(32).toString('base64url');
  const now = deps.clock.now();
  const invitation = await deps.db
    .transaction()
    .execute(async (trx) => {
      const inviter = await findUserById(trx, owner.id);
      if (!inviter) throw new DomainError('UNAUTHORIZED', errorTexts.UNAUTHORIZED);
      await expireInvitationsTo(trx, input.email, now);
      const created = await insertInvitation(trx, {
        email: input.email,
        firstName: input.firstName,
        lastName: input.lastName,
        role: input.role,
        tokenHash: hashToken(token),
        invitedBy: owner.id,
        createdAt: now,
        expiresAt: new Date(now.getTime() + adminInvitationHours * 3_600_000),
      });
      await recordAdminAction(
        trx,
        {
          actorId: owner.id,
          action: 'ADMIN_INVITED',
          targetType: 'ADMIN_INVITATION',
          targetId: created.id,
          after: { email: created.email, role: created.role, expiresAt: created.expires_at.toISOString() },
          ipAddress: owner.ipAddress,
          requestId: owner.requestId,
        },
        now,
      );
      const inviterName = fullName(inviter);
      await enqueueMail(
        trx,
        created.email,
        invitationMail(
          { firstName: created.first_name, role: created.role },
          inviterName,
          deps.config.publicUrl,
          token,
        ),
        { oneTime: { kind: 'admin-invitation', validForMs: created.expires_at.getTime() - now.getTime() } },
      );
      await tellOwners(
        trx,
        deps.config,
        `${inviterName} invited ${fullName(created)} (${created.email}) to the team as ${adminRoleLabels[created.role]}.`,
      );
      return adminInvitation({
        ...created,
        inviter_id: inviter.id,
        inviter_first_name: inviter.first_name,
        inviter_last_name: inviter.last_name,
        inviter_email: inviter.email,
      });
    })
    .catch((error: unknown) => {
      throw isUniqueViolation(error, 'admin_invitations_one_pending') ? invitationExists() : error;
    });
  deps.mailWorker.wake();
  return invitation;
}
