import type { FastifyRequest } from 'fastify';

/** Who performs an administrator action and from where: what its audit row records. */
export interface RequestingAdministrator {
  id: string;
  ipAddress: string | null;
  requestId: string | null;
}

/** The signed-in administrator of an admin route's request. */
export const requestingAdministrator = (request: FastifyRequest): RequestingAdministrator => ({
  id: request.currentUser.id,
  ipAddress: request.ip,
  requestId: request.id,
});
