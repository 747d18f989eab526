import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';

/**
 * Rate-limit key of the onboarding calls: the bearer session (a member's own budget, even when
 * many members share one office IP), else the client address. The limit hook runs before
 * authentication, so the token is not verified here; an invalid one is refused right after.
 */
export function sessionKey(request: FastifyRequest): string {
  const authorization = request.headers.authorization;
  // Hashed: the key may be stored in Redis, and a bearer token must not be readable there.
  return authorization ? createHash('sha256').update(authorization).digest('base64url') : request.ip;
}
