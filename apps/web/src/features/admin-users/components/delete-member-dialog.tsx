import { adminUserTexts } from '@uplink/contract/admin-users';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { Modal } from '../../../components/modal';
import { errorText } from '../../../lib/error-text';
import { useDeleteMember } from '../api/delete-member';

/** Confirms the soft delete of a member (DESIGN.md): what ends, what is blanked and what stays. */
export function DeleteMemberDialog({
  open,
  member,
  hasPendingWithdrawals,
  onClose,
  onDeleted,
}: {
  open: boolean;
  member: { _id: string; name: string; userId: string };
  /** A pending withdrawal must be decided first: the server refuses, so the dialog says so up front. */
  hasPendingWithdrawals: boolean;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const remove = useDeleteMember();
  const busy = remove.isPending;

  const close = () => {
    if (busy) return;
    remove.reset();
    onClose();
  };

  const confirm = () => {
    if (hasPendingWithdrawals) return;
    remove.mutate(member._id, { onSuccess: onDeleted });
  };

  return (
    <Modal
      open={open}
      onClose={close}
      dismissible={!busy}
      title="Delete member"
      description={`${member.name} · ${member.userId}`}
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={busy}>
            Cancel
          </Button>
          <Button variant="danger" busy={busy} disabled={hasPendingWithdrawals} onClick={confirm}>
            Delete member
          </Button>
        </>
      }
    >
      <div className="space-y-4 text-slate-700 text-sm">
        <p>Deleting a member is a soft delete and cannot be undone:</p>
        <ul className="list-disc space-y-1.5 pl-5">
          <li>Their sign-in ends at once, on every device.</li>
          <li>Their personal data (name, e-mail, exchange UID) is blanked.</li>
          <li>
            Their place in the referral tree, their ledger and their rewards stay, so their upline keeps its history;
            their locked rewards are forfeited and they earn no new rewards.
          </li>
        </ul>
        {hasPendingWithdrawals ? <Alert tone="warning" title={adminUserTexts.pendingWithdrawals} /> : null}
        {remove.isError ? <Alert tone="error" title={errorText(remove.error)} /> : null}
      </div>
    </Modal>
  );
}
