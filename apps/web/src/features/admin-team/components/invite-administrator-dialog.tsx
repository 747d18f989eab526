import {
  type AdminRole,
  adminInvitationHours,
  adminRoleDescriptions,
  adminRoleLabels,
  adminRoles,
  adminTeamTexts,
} from '@uplink/contract/admin-roles';
import {
  type AdminInvitationInput,
  type AdminInvitationRequest,
  adminInvitationRequestSchema,
} from '@uplink/contract/admin-team';
import { type FormEvent, useId, useState } from 'react';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { ConfirmActionDialog } from '../../../components/confirm-action-dialog';
import { Modal } from '../../../components/modal';
import { SelectField } from '../../../components/select-field';
import { TextField } from '../../../components/text-field';
import { errorText } from '../../../lib/error-text';
import { useInviteAdministrator } from '../api/invite-administrator';
import { EmailAddress } from './team-badges';

type Field = keyof AdminInvitationRequest;

/** The least a new administrator starts with unless the owner chooses more: reading. */
const blankInvitation: AdminInvitationRequest = { firstName: '', lastName: '', email: '', role: 'ANALYST' };

/**
 * Inviting an administrator: the form (checked with the contract's own schema, each problem under
 * its field), then a confirmation naming the person, the address and the role before the link is
 * mailed. A refusal (an address with an account, an invitation already pending) stays in the
 * confirmation in the server's words; Back returns to the form with what was typed.
 */
export function InviteAdministratorDialog({
  open,
  onClose,
  onInvited,
}: {
  open: boolean;
  onClose: () => void;
  onInvited: (text: string) => void;
}) {
  const invite = useInviteAdministrator();
  const formId = useId();
  const [form, setForm] = useState<AdminInvitationRequest>(blankInvitation);
  const [problems, setProblems] = useState<Partial<Record<Field, string>>>({});
  const [confirming, setConfirming] = useState<AdminInvitationInput | null>(null);

  const close = () => {
    setForm(blankInvitation);
    setProblems({});
    setConfirming(null);
    invite.reset();
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = adminInvitationRequestSchema.safeParse(form);
    if (!parsed.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field;
        found[field] ??= issue.message;
      }
      setProblems(found);
      return;
    }
    setProblems({});
    invite.reset();
    setConfirming(parsed.data);
  };

  const field = (name: Exclude<Field, 'role'>) => ({
    name,
    value: form[name],
    error: problems[name] ?? null,
    onChange: (event: { target: { value: string } }) =>
      setForm((current) => ({ ...current, [name]: event.target.value })),
  });

  return (
    <>
      <Modal
        open={open && confirming === null}
        onClose={close}
        title={adminTeamTexts.invite}
        description={`They receive a link to choose their password, valid for ${adminInvitationHours} hours.`}
        footer={
          <>
            <Button variant="secondary" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" form={formId}>
              Continue
            </Button>
          </>
        }
      >
        <form id={formId} className="space-y-4" onSubmit={submit} noValidate>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField label="First name" autoComplete="off" {...field('firstName')} />
            <TextField label="Last name" autoComplete="off" {...field('lastName')} />
          </div>
          {/* Someone else's address: the owner's own must not be filled in. */}
          <TextField label="Email address" type="email" autoComplete="off" {...field('email')} />
          <SelectField
            label="Role"
            options={adminRoles.map((role) => ({ value: role, label: adminRoleLabels[role] }))}
            value={form.role}
            onChange={(event) => {
              const role = adminRoles.find((candidate) => candidate === event.target.value);
              if (role) setForm((current) => ({ ...current, role }));
            }}
            hint={adminRoleDescriptions[form.role as AdminRole]}
          />
          {invite.isError ? <Alert tone="error" title={errorText(invite.error)} /> : null}
        </form>
      </Modal>
      <ConfirmActionDialog
        open={open && confirming !== null}
        onClose={() => setConfirming(null)}
        title="Send this invitation?"
        details={
          confirming
            ? [
                { label: 'Name', value: `${confirming.firstName} ${confirming.lastName}` },
                { label: 'E-mail', value: <EmailAddress email={confirming.email} /> },
                { label: 'Role', value: adminRoleLabels[confirming.role] },
              ]
            : []
        }
        consequence={confirming ? adminTeamTexts.confirmInvite(confirming.email, confirming.role) : null}
        confirmLabel="Send invitation"
        busy={invite.isPending}
        onConfirm={() => {
          if (!confirming) return;
          invite.mutate(confirming, {
            onSuccess: () => {
              close();
              onInvited(adminTeamTexts.invited);
            },
          });
        }}
        problem={invite.isError ? errorText(invite.error) : null}
      />
    </>
  );
}
