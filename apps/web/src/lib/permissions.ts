import { adminRoleLabels, adminRoles, can, type Permission } from '@uplink/contract/admin-roles';
import { useAuth } from './auth';

/**
 * What the signed-in administrator's role permits: the profile lists it (the contract's
 * `rolePermissions` row of their role, as the server guards its routes with it). A member, or an
 * administrator whose profile is still loading, is permitted nothing.
 */
export function usePermissions(): (permission: Permission) => boolean {
  const { user } = useAuth();
  const granted = user?.permissions ?? [];
  return (permission) => granted.includes(permission);
}

/** The roles that hold `permission`, as a screen names them: "Owner or Finance". */
export function rolesHolding(permission: Permission): string {
  const labels = adminRoles.filter((role) => can(role, permission)).map((role) => adminRoleLabels[role]);
  return labels.length > 1 ? `${labels.slice(0, -1).join(', ')} or ${labels.at(-1)}` : (labels[0] ?? '');
}
