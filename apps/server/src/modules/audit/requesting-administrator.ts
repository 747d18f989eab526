import type { AdminRole } from '@uplink/contract/admin-roles';
import type { FastifyRequest } from 'fastify';

/** Who performs an administrator action and from where: what its audit row records. */
export interface RequestingAdministrator {
  id: string;
  /** Their role as the session check read it (a change of role ends the session). */
  role: AdminRole | null;
  ipAddress: string | null;
  requestId: string | null;
}

/** The signed-in administrator of an admin route's request. */
export const requestingAdministrator = (request: FastifyRequest): RequestingAdministrator => ({
  id: request.currentUser.id,
  role: request.currentUser.admin_role,
  ipAddress: request.ip,
  requestId: request.id,
});
