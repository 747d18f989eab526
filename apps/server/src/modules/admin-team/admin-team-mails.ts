import { type AdminRole, adminInvitationHours, adminRoleLabels } from '@uplink/contract/admin-roles';
import { type MailContent, renderMail } from '../mail/mail-layout';

interface Invitee {
  firstName: string;
  role: AdminRole;
}

/** The one-use link that makes an administrator (`/admin/invitation?token=…`). */
export function invitationMail(invitee: Invitee, inviterName: string, publicUrl: string, token: string): MailContent {
  return renderMail({
    subject: 'You are invited to the Uplink administrators',
    greeting: `Hello ${invitee.firstName},`,
    paragraphs: [
      `${inviterName} invites you to administer Uplink as ${adminRoleLabels[invitee.role]}.`,
      `Choose your password through the link below. It is valid for ${adminInvitationHours} hours and can be used once.`,
    ],
    action: { label: 'Accept the invitation', url: `${publicUrl}/admin/invitation?token=${encodeURIComponent(token)}` },
    closing: 'If you did not expect this invitation, you can ignore this email.',
  });
}

/** What every owner is told of a change to the team (essential: always sent). */
export function teamChangeMail(owner: { firstName: string }, change: string, publicUrl: string): MailContent {
  return renderMail({
    subject: 'A change to your Uplink administrators',
    greeting: `Hello ${owner.firstName},`,
    paragraphs: [change, 'Every change to the team is in the audit log.'],
    action: { label: 'Open the team', url: `${publicUrl}/admin/team` },
    closing: 'You receive this mail because you are an owner of the team.',
  });
}
