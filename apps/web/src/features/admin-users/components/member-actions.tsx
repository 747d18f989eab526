import type { AdminUserDetail } from '@uplink/contract/admin-users';
import { Badge, StatusBadge } from '../../../components/badge';
import { Button } from '../../../components/button';
import { TrashIcon } from '../../../components/icons';
import { usePermissions } from '../../../lib/permissions';

/**
 * The member's status and role, and what an administrator can do to them: change the status or
 * delete them, each as far as their role permits. Neither is offered on a deleted member or on an
 * administrator, which the server refuses (owners suspend or remove administrators on the team).
 */
export function MemberActions({
  member,
  isSelf,
  onEditStatus,
  onDelete,
}: {
  member: AdminUserDetail;
  isSelf: boolean;
  onEditStatus: () => void;
  onDelete: () => void;
}) {
  const permits = usePermissions();
  const actionable = !member.deletedAt && !member.isAdmin;
  return (
    <div className="flex flex-wrap items-center gap-2">
      <StatusBadge status={member.status} />
      {member.isAdmin ? <Badge tone="violet">Administrator</Badge> : null}
      {isSelf ? <Badge tone="brand">You</Badge> : null}
      {member.deletedAt ? <Badge tone="red">Deleted</Badge> : null}
      {actionable && permits('members.manage') ? (
        <Button variant="secondary" size="sm" onClick={onEditStatus}>
          Change status
        </Button>
      ) : null}
      {actionable && permits('members.delete') ? (
        <Button variant="danger" size="sm" icon={<TrashIcon size={16} />} onClick={onDelete}>
          Delete member
        </Button>
      ) : null}
    </div>
  );
}
