import { adminUserTexts } from '@uplink/contract/admin-users';
import type { UserStatus } from '@uplink/contract/constants';
import { useState } from 'react';
import { StatusBadge } from '../../../components/badge';
import { Button } from '../../../components/button';
import { ArrowRightIcon } from '../../../components/icons';
import { Modal } from '../../../components/modal';
import { SelectField } from '../../../components/select-field';
import { errorText } from '../../../lib/error-text';
import { useChangeMemberStatus } from '../api/change-member-status';
import { statusChoices } from '../utils/status-choices';

/** The member whose status is being changed. */
export interface StatusChangeTarget {
  _id: string;
  name: string;
  userId: string;
  status: UserStatus;
}

const consequences: Record<UserStatus, string> = {
  ACTIVE: 'The member can sign in and use their account again.',
  LOCKED: 'The member is signed out at once and cannot sign in until an administrator reactivates them.',
  DISABLED: 'The member is signed out at once and the account is switched off until an administrator reactivates it.',
};

function firstChoice(member: StatusChangeTarget | null): UserStatus | null {
  return member ? (statusChoices(member.status)[0] ?? null) : null;
}

/**
 * The status change of spec 4: an edit dialog offering only a status other than the current one,
 * then a confirm dialog showing from → to, then the call. Success and failure are reported to the
 * screen (its toast and error banner), which closes both dialogs by clearing `member`.
 */
export function StatusChangeDialogs({
  member,
  onClose,
  onChanged,
  onFailed,
}: {
  member: StatusChangeTarget | null;
  onClose: () => void;
  onChanged: (status: UserStatus) => void;
  onFailed: (message: string) => void;
}) {
  const change = useChangeMemberStatus();
  const [shownFor, setShownFor] = useState(member);
  const [confirming, setConfirming] = useState(false);
  const [chosen, setChosen] = useState(() => firstChoice(member));
  // A new member starts at the edit step with the first status they can be given.
  if (shownFor !== member) {
    setShownFor(member);
    setConfirming(false);
    setChosen(firstChoice(member));
  }

  const busy = change.isPending;
  const close = () => {
    if (!busy) onClose();
  };

  const confirm = async () => {
    if (!member || !chosen) return;
    try {
      const { status } = await change.mutateAsync({ id: member._id, status: chosen });
      onChanged(status);
    } catch (error) {
      onFailed(
        errorText(error, {
          silentServer: adminUserTexts.statusUpdateFailed,
          noAnswer: adminUserTexts.statusUpdateError,
          exception: adminUserTexts.statusUpdateError,
        }),
      );
    }
  };

  return (
    <>
      <Modal
        open={member !== null && !confirming}
        onClose={close}
        title="Edit user status"
        description={member ? `${member.name} · ${member.userId}` : undefined}
        footer={
          <>
            <Button variant="secondary" onClick={close}>
              Cancel
            </Button>
            <Button disabled={chosen === null} onClick={() => setConfirming(true)}>
              Update Status
            </Button>
          </>
        }
      >
        {member ? (
          <div className="space-y-4">
            <div className="flex items-center gap-2 text-slate-700 text-sm">
              Current status: <StatusBadge status={member.status} />
            </div>
            <SelectField
              label="New status"
              options={statusChoices(member.status).map((status) => ({ value: status, label: status }))}
              value={chosen ?? ''}
              onChange={(event) => setChosen(event.target.value as UserStatus)}
              hint={chosen ? consequences[chosen] : undefined}
            />
          </div>
        ) : null}
      </Modal>
      <Modal
        open={member !== null && confirming}
        onClose={close}
        dismissible={!busy}
        title="Confirm status change"
        description={member ? `Change the status of ${member.name} (${member.userId})?` : undefined}
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirming(false)} disabled={busy}>
              Back
            </Button>
            <Button variant={chosen === 'ACTIVE' ? 'primary' : 'danger'} busy={busy} onClick={confirm}>
              Confirm
            </Button>
          </>
        }
      >
        {member && chosen ? (
          <div className="space-y-3">
            <p className="flex flex-wrap items-center gap-2 text-slate-700 text-sm">
              <span className="sr-only">From</span>
              <StatusBadge status={member.status} />
              <ArrowRightIcon size={16} className="text-slate-400" />
              <span className="sr-only">to</span>
              <StatusBadge status={chosen} />
            </p>
            <p className="text-slate-600 text-sm">{consequences[chosen]}</p>
          </div>
        ) : null}
      </Modal>
    </>
  );
}
