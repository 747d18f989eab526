import { adminInvitationHours, adminTeamTexts } from '@uplink/contract/admin-roles';
import type { AdminInvitation } from '@uplink/contract/admin-team';
import { formatDateTime, fullName } from '@uplink/contract/format';
import { Button } from '../../../components/button';
import { actionColumn, type Column, DataTable } from '../../../components/table';
import { InvitedBy } from './administrators-table';
import { EmailAddress, RoleBadge } from './team-badges';

function invitationColumns(onRevoke: (invitation: AdminInvitation) => void): Column<AdminInvitation>[] {
  return [
    {
      key: 'invited',
      header: 'Invited',
      card: 'title',
      cell: (invitation) => (
        <div className="min-w-0">
          <p className="font-medium text-slate-900">{fullName(invitation)}</p>
          <p className="break-words text-slate-500 text-xs">
            <EmailAddress email={invitation.email} />
          </p>
        </div>
      ),
    },
    { key: 'role', header: 'Role', card: 'status', cell: (invitation) => <RoleBadge role={invitation.role} /> },
    {
      key: 'expires',
      header: 'Link expires',
      cell: (invitation) => <span className="whitespace-nowrap">{formatDateTime(invitation.expiresAt)}</span>,
    },
    { key: 'invited-by', header: 'Invited by', cell: (invitation) => <InvitedBy inviter={invitation.invitedBy} /> },
    actionColumn({
      key: 'actions',
      header: 'Actions',
      cell: (invitation) => (
        <div className="flex justify-end">
          <Button
            variant="secondary"
            size="sm"
            aria-label={`Revoke the invitation to ${invitation.email}`}
            onClick={() => onRevoke(invitation)}
          >
            Revoke
          </Button>
        </div>
      ),
    }),
  ];
}

/** The invitations nobody has accepted yet, with when their link stops working. */
export function InvitationsTable({
  invitations,
  onRevoke,
}: {
  invitations: AdminInvitation[];
  onRevoke: (invitation: AdminInvitation) => void;
}) {
  return (
    <DataTable
      caption="Pending invitations"
      columns={invitationColumns(onRevoke)}
      rows={invitations}
      emptyTitle={adminTeamTexts.noInvitations}
      emptyDescription={`An invitation sends a sign-up link valid for ${adminInvitationHours} hours.`}
    />
  );
}
