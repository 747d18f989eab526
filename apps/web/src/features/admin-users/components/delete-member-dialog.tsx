import { adminUserTexts } from '@uplink/contract/admin-users';
import { formatUsdt } from '@uplink/contract/format';
import { ConfirmActionDialog } from '../../../components/confirm-action-dialog';
import { errorText } from '../../../lib/error-text';
import { useDeleteMember } from '../api/delete-member';

/**
 * Confirms the soft delete of a member (DESIGN.md), naming them and their money: what ends, what
 * is blanked, what stays, and what happens to their locked rewards.
 */
export function DeleteMemberDialog({
  open,
  member,
  onClose,
  onDeleted,
}: {
  open: boolean;
  member: {
    _id: string;
    name: string;
    userId: string;
    balance: number;
    lockedRewards: number;
    pendingWithdrawals: number;
  };
  onClose: () => void;
  onDeleted: () => void;
}) {
  const remove = useDeleteMember();
  // A pending withdrawal must be decided first: the server refuses, so the dialog says so up front.
  const pending = member.pendingWithdrawals > 0;
  return (
    <ConfirmActionDialog
      open={open}
      onClose={() => {
        remove.reset();
        onClose();
      }}
      title={`Delete ${member.name}?`}
      details={[
        { label: 'Member', value: `${member.name} · ${member.userId}` },
        { label: 'Available balance', value: formatUsdt(member.balance) },
        { label: 'Locked rewards', value: formatUsdt(member.lockedRewards) },
        { label: 'Pending withdrawals', value: formatUsdt(member.pendingWithdrawals) },
      ]}
      consequence={
        <div className="space-y-2">
          <p>Deleting a member is a soft delete and cannot be undone:</p>
          <ul className="list-disc space-y-1.5 pl-5">
            <li>Their sign-in ends at once, on every device.</li>
            <li>Their personal data (name, e-mail, exchange UID) is blanked.</li>
            <li>
              Their place in the referral tree, their ledger and their rewards stay, so their upline keeps its history;
              they earn no new rewards.
            </li>
            <li>
              {member.lockedRewards > 0
                ? `Their locked rewards of ${formatUsdt(member.lockedRewards)} are forfeited.`
                : 'They have no locked rewards to forfeit.'}
            </li>
          </ul>
        </div>
      }
      confirmLabel={`Delete ${member.name}`}
      tone="danger"
      busy={remove.isPending}
      onConfirm={() => remove.mutate(member._id, { onSuccess: onDeleted })}
      problem={remove.isError ? errorText(remove.error) : null}
      blocked={pending ? adminUserTexts.pendingWithdrawals : null}
    />
  );
}
