import type { FastifyRequest } from 'fastify';

/**
 * Rate-limit key of the onboarding calls: the bearer session (a member's own budget, even when
 * many members share one office IP), else the client address. The limit hook runs before
 * authentication, so the token is not verified here; an invalid one is refused right after.
 */
export function sessionKey(request: FastifyRequest): string {
  return request.headers.authorization ?? request.ip;
}
