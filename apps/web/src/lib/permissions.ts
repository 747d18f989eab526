import type { Permission } from '@uplink/contract/admin-roles';
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
