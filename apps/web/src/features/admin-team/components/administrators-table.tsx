import type { TeamAdministrator } from '@uplink/contract/admin-team';
import { formatDateTime, fullName } from '@uplink/contract/format';
import { Badge } from '../../../components/badge';
import { Button } from '../../../components/button';
import { TrashIcon } from '../../../components/icons';
import { actionColumn, type Column, DataTable } from '../../../components/table';
import type { AdministratorAction } from './team-action-dialogs';
import { AdministratorStatusBadge, EmailAddress, RoleBadge, TwoFactorBadge } from './team-badges';

/** Who invited an administrator; the root administrator was created at the first start. */
export function InvitedBy({ inviter }: { inviter: TeamAdministrator['invitedBy'] }) {
  if (!inviter) return <span className="text-slate-500">Created at setup</span>;
  return <span title={inviter.email}>{fullName(inviter)}</span>;
}

function administratorColumns(
  currentAdminId: string | undefined,
  onAction: (action: AdministratorAction) => void,
): Column<TeamAdministrator>[] {
  return [
    {
      key: 'administrator',
      header: 'Administrator',
      card: 'title',
      cell: (administrator) => (
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
            {fullName(administrator)}
            {administrator._id === currentAdminId ? <Badge tone="brand">You</Badge> : null}
          </p>
          <p className="break-words text-slate-500 text-xs">
            <EmailAddress email={administrator.email} />
          </p>
        </div>
      ),
    },
    { key: 'role', header: 'Role', card: 'status', cell: (administrator) => <RoleBadge role={administrator.role} /> },
    {
      key: 'status',
      header: 'Status',
      // The second factor beside the status: both say whether the account can be used safely.
      cell: (administrator) => (
        <div className="flex flex-col items-end gap-1 sm:items-start">
          <AdministratorStatusBadge status={administrator.status} />
          <TwoFactorBadge enabled={administrator.totpEnabled} />
        </div>
      ),
    },
    {
      key: 'last-login',
      header: 'Last login',
      priority: 'low',
      cell: (administrator) => (
        <span className="whitespace-nowrap">
          {administrator.lastLogin ? formatDateTime(administrator.lastLogin) : 'Never'}
        </span>
      ),
    },
    {
      key: 'invited-by',
      header: 'Invited by',
      priority: 'low',
      cell: (administrator) => <InvitedBy inviter={administrator.invitedBy} />,
    },
    actionColumn({
      key: 'actions',
      header: 'Actions',
      cell: (administrator) => {
        // Nobody changes their own role or access (the server refuses it): another owner must.
        if (administrator._id === currentAdminId) return null;
        const name = fullName(administrator);
        const suspended = administrator.status === 'SUSPENDED';
        return (
          <div className="flex flex-wrap items-center justify-end gap-2 whitespace-nowrap lg:flex-nowrap">
            <Button
              variant="secondary"
              size="sm"
              aria-label={`Change the role of ${name}`}
              onClick={() => onAction({ kind: 'role', administrator })}
            >
              Change role
            </Button>
            <Button
              variant="secondary"
              size="sm"
              aria-label={`${suspended ? 'Reinstate' : 'Suspend'} ${name}`}
              onClick={() => onAction({ kind: suspended ? 'reinstate' : 'suspend', administrator })}
            >
              {suspended ? 'Reinstate' : 'Suspend'}
            </Button>
            <Button
              variant="secondary"
              size="icon"
              aria-label={`Remove ${name}`}
              title={`Remove ${name}`}
              onClick={() => onAction({ kind: 'remove', administrator })}
            >
              <TrashIcon size={16} />
            </Button>
          </div>
        );
      },
    }),
  ];
}

/** The team's administrators with their role, status, second factor, last login and inviter, and what an owner can do to each. */
export function AdministratorsTable({
  administrators,
  currentAdminId,
  onAction,
}: {
  administrators: TeamAdministrator[];
  currentAdminId: string | undefined;
  onAction: (action: AdministratorAction) => void;
}) {
  return (
    <DataTable
      caption="Administrators"
      columns={administratorColumns(currentAdminId, onAction)}
      rows={administrators}
      foldBelow="xl"
      emptyTitle="No administrators"
    />
  );
}
