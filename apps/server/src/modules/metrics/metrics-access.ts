import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { isLoopbackHost } from '../../config';
import { forbidden } from '../../http/domain-error';

/**
 * Metrics tell about the traffic, the members' activity and the machine, so they are for this
 * machine (a scraper or an operator on loopback) or whoever has METRICS_TOKEN. "This machine" is
 * the connecting socket's address, never X-Forwarded-For, which any client can write; and a
 * request a reverse proxy relays also connects from loopback when the proxy runs here, so one
 * that carries forwarding headers needs the token.
 */
export function metricsReaderGuard(metricsToken: string | undefined) {
  return async (request: FastifyRequest): Promise<void> => {
    if (comesFromThisMachine(request) || carriesMetricsToken(request, metricsToken)) return;
    throw forbidden('Metrics are readable from this machine or with the metrics token');
  };
}

function comesFromThisMachine(request: FastifyRequest): boolean {
  const address = request.socket.remoteAddress;
  if (address === undefined || !isLoopbackHost(address)) return false;
  return request.headers['x-forwarded-for'] === undefined && request.headers.forwarded === undefined;
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
