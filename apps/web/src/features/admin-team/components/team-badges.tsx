import { type AdminRole, type AdminStatus, adminRoleLabels, adminStatusLabels } from '@uplink/contract/admin-roles';
import { Badge, type BadgeTone } from '../../../components/badge';

const roleTones: Record<AdminRole, BadgeTone> = {
  OWNER: 'violet',
  FINANCE: 'green',
  SUPPORT: 'blue',
  ANALYST: 'grey',
};

const statusTones: Record<AdminStatus, BadgeTone> = { ACTIVE: 'green', SUSPENDED: 'amber' };

export function RoleBadge({ role }: { role: AdminRole }) {
  return <Badge tone={roleTones[role]}>{adminRoleLabels[role]}</Badge>;
}

export function AdministratorStatusBadge({ status }: { status: AdminStatus }) {
  return (
    <Badge tone={statusTones[status]} dot>
      {adminStatusLabels[status]}
    </Badge>
  );
}

/**
 * An e-mail address that, where it must wrap, wraps after its @ rather than inside a word of its
 * domain.
 */
export function EmailAddress({ email }: { email: string }) {
  const at = email.lastIndexOf('@');
  if (at < 0) return <>{email}</>;
  return (
    <>
      {email.slice(0, at + 1)}
      <wbr />
      {email.slice(at + 1)}
    </>
  );
}

/** Whether the administrator signs in with a second factor. */
export function TwoFactorBadge({ enabled }: { enabled: boolean }) {
  return <Badge tone={enabled ? 'green' : 'grey'}>{enabled ? '2FA on' : '2FA off'}</Badge>;
}
