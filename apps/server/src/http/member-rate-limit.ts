import type { FastifyRequest } from 'fastify';

/**
 * Route rate-limit settings counted per signed-in member. The limit runs as a preHandler after
 * the route's own `authenticate`, so it is keyed by the verified member id: however the
 * Authorization header is written, and however many sessions the member opens, there is one
 * budget. A request without a valid session is refused by `authenticate` before it is counted.
 */
export function perMemberRateLimit(max: number, timeWindow: string | number) {
  return { max, timeWindow, hook: 'preHandler' as const, keyGenerator: memberKey };
}

function memberKey(request: FastifyRequest): string {
  // Declared on a route without `authenticate`: a programming error, never a shared budget.
  if (!request.currentUser) throw new Error(`per-member rate limit on ${request.url} needs authenticate first`);
  return `member:${request.currentUser.id}`;
}
