import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { forbidden } from '../../domain-error';
import { isLocalRequest } from '../../http/local-request';

/**
 * Metrics tell about the traffic, the members' activity and the machine, so they are for this
 * machine (a scraper or an operator on loopback, not relayed by a proxy: `isLocalRequest`) or
 * whoever has METRICS_TOKEN.
 */
export function metricsReaderGuard(metricsToken: string | undefined) {
  return async (request: FastifyRequest): Promise<void> => {
    if (isLocalRequest(request) || carriesMetricsToken(request, metricsToken)) return;
    throw forbidden('Metrics are readable from this machine or with the metrics token');
  };
}

function carriesMetricsToken(request: FastifyRequest, metricsToken: string | undefined): boolean {
  if (!metricsToken) return false;
  const given = request.headers.authorization?.match(/^Bearer\s+(\S+)$/i)?.[1];
  return given !== undefined && sameSecret(given, metricsToken);
}

/** Compared as digests of equal length, in constant time: the answer time tells nothing about the token. */
function sameSecret(given: string, expected: string): boolean {
  return timingSafeEqual(sha256(given), sha256(expected));
}

function sha256(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}
