import {
  type AdminRole,
  adminRoleDescriptions,
  adminRoleLabels,
  adminRoles,
  adminStatusLabels,
  adminTeamTexts,
} from '@uplink/contract/admin-roles';
import type { AdminInvitation, TeamAdministrator } from '@uplink/contract/admin-team';
import { formatDateTime, fullName } from '@uplink/contract/format';
import { useState } from 'react';
import { ConfirmActionDialog, type ConfirmedDetail } from '../../../components/confirm-action-dialog';
import { SelectField } from '../../../components/select-field';
import { errorText } from '../../../lib/error-text';
import { useChangeAdministratorRole } from '../api/change-administrator-role';
import { useReinstateAdministrator } from '../api/reinstate-administrator';
import { useRemoveAdministrator } from '../api/remove-administrator';
import { useRevokeInvitation } from '../api/revoke-invitation';
import { useSuspendAdministrator } from '../api/suspend-administrator';
import { EmailAddress } from './team-badges';

/** What the dialogs name: the administrator, their role and status. */
function administratorDetails(administrator: TeamAdministrator): ConfirmedDetail[] {
  return [
    { label: 'Administrator', value: fullName(administrator) },
    { label: 'E-mail', value: <EmailAddress email={administrator.email} /> },
    { label: 'Role', value: adminRoleLabels[administrator.role] },
    { label: 'Status', value: adminStatusLabels[administrator.status] },
  ];
}

/** Says what the outcome was, for the screen's toast. */
type Done = (text: string) => void;

/** Confirms a new role for an administrator, chosen among the roles they do not hold. */
export function ChangeRoleDialog({
  administrator,
  onClose,
  onDone,
}: {
  administrator: TeamAdministrator | null;
  onClose: () => void;
  onDone: Done;
}) {
  const change = useChangeAdministratorRole();
  const [shownFor, setShownFor] = useState(administrator);
  const choices = adminRoles.filter((role) => role !== administrator?.role);
  const [chosen, setChosen] = useState<AdminRole | undefined>(choices[0]);
  // Another administrator starts from the first role they can be given.
  if (shownFor !== administrator) {
    setShownFor(administrator);
    setChosen(choices[0]);
  }
  const name = administrator ? fullName(administrator) : '';
  return (
    <ConfirmActionDialog
      open={administrator !== null}
      onClose={() => {
        change.reset();
        onClose();
      }}
      title="Change this administrator's role?"
      details={administrator ? administratorDetails(administrator) : []}
      consequence={chosen ? adminTeamTexts.confirmRoleChange(name, chosen) : null}
      confirmLabel={chosen ? `Make ${adminRoleLabels[chosen]}` : 'Change role'}
      busy={change.isPending}
      onConfirm={() => {
        if (!administrator || !chosen) return;
        change.mutate({ id: administrator._id, role: chosen }, { onSuccess: () => onDone(adminTeamTexts.roleChanged) });
      }}
      problem={change.isError ? errorText(change.error) : null}
    >
      <SelectField
        label="New role"
        options={choices.map((role) => ({ value: role, label: adminRoleLabels[role] }))}
        value={chosen ?? ''}
        onChange={(event) => {
          change.reset();
          setChosen(choices.find((role) => role === event.target.value));
        }}
        hint={chosen ? adminRoleDescriptions[chosen] : undefined}
      />
    </ConfirmActionDialog>
  );
}

/** Taking or giving back an administrator's access. */
export type AccessChange = 'suspend' | 'reinstate' | 'remove';

/** What an owner asked to do to an administrator, before it is confirmed. */
export interface AdministratorAction {
  kind: 'role' | AccessChange;
  administrator: TeamAdministrator;
}

const accessChanges = {
  suspend: {
    title: 'Suspend this administrator?',
    consequence: adminTeamTexts.confirmSuspend,
    confirmLabel: (name: string) => `Suspend ${name}`,
    done: adminTeamTexts.suspended,
    tone: 'danger',
  },
  reinstate: {
    title: 'Reinstate this administrator?',
    consequence: adminTeamTexts.confirmReinstate,
    confirmLabel: (name: string) => `Reinstate ${name}`,
    done: adminTeamTexts.reinstated,
    tone: 'primary',
  },
  remove: {
    title: 'Remove this administrator?',
    consequence: adminTeamTexts.confirmRemove,
    confirmLabel: (name: string) => `Remove ${name}`,
    done: adminTeamTexts.removed,
    tone: 'danger',
  },
} as const satisfies Record<AccessChange, unknown>;

/** Confirms a suspension, a reinstatement or a removal, naming the administrator. */
export function AccessChangeDialog({
  action,
  onClose,
  onDone,
}: {
  action: { change: AccessChange; administrator: TeamAdministrator } | null;
  onClose: () => void;
  onDone: Done;
}) {
  const calls = {
    suspend: useSuspendAdministrator(),
    reinstate: useReinstateAdministrator(),
    remove: useRemoveAdministrator(),
  };
  // The dialog keeps its last change's words while it closes.
  const change = action?.change ?? 'suspend';
  const call = calls[change];
  const texts = accessChanges[change];
  const name = action ? fullName(action.administrator) : '';
  return (
    <ConfirmActionDialog
      open={action !== null}
      onClose={() => {
        call.reset();
        onClose();
      }}
      title={texts.title}
      details={action ? administratorDetails(action.administrator) : []}
      consequence={texts.consequence(name)}
      confirmLabel={texts.confirmLabel(name)}
      tone={texts.tone}
      busy={call.isPending}
      onConfirm={() => {
        if (action) call.mutate(action.administrator._id, { onSuccess: () => onDone(texts.done) });
      }}
      problem={call.isError ? errorText(call.error) : null}
    />
  );
}

/** Confirms revoking a pending invitation: its link stops working. */
export function RevokeInvitationDialog({
  invitation,
  onClose,
  onDone,
}: {
  invitation: AdminInvitation | null;
  onClose: () => void;
  onDone: Done;
}) {
  const revoke = useRevokeInvitation();
  return (
    <ConfirmActionDialog
      open={invitation !== null}
      onClose={() => {
        revoke.reset();
        onClose();
      }}
      title="Revoke this invitation?"
      details={
        invitation
          ? [
              { label: 'Invited', value: fullName(invitation) },
              { label: 'E-mail', value: <EmailAddress email={invitation.email} /> },
              { label: 'Role', value: adminRoleLabels[invitation.role] },
              { label: 'Link expires', value: formatDateTime(invitation.expiresAt) },
            ]
          : []
      }
      consequence={invitation ? adminTeamTexts.confirmRevoke(invitation.email) : null}
      confirmLabel="Revoke invitation"
      tone="danger"
      busy={revoke.isPending}
      onConfirm={() => {
        if (invitation) revoke.mutate(invitation._id, { onSuccess: () => onDone(adminTeamTexts.revoked) });
      }}
      problem={revoke.isError ? errorText(revoke.error) : null}
    />
  );
}
