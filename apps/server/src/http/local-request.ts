import type { FastifyRequest } from 'fastify';
import { isLoopbackHost } from '../config/loopback-host';
import { forbidden } from '../domain-error';

/**
 * Headers by which a proxy names the client it relays — or a client pretends one did. Any
 * `X-Forwarded-*` header counts as well, listed or not.
 */
const forwardingHeaders = [
  'forwarded',
  'via',
  'x-real-ip',
  'x-client-ip',
  'client-ip',
  'cf-connecting-ip',
  'true-client-ip',
  'fastly-client-ip',
  'x-cluster-client-ip',
  'x-original-forwarded-for',
];

/**
 * A request from this machine: the connecting socket is loopback and no proxy relayed it. A
 * reverse proxy on this machine also connects from loopback, and whatever it relays comes from
 * anywhere, so a request that carries any forwarding header is not local, whatever it claims.
 * Never judged by the headers' content: any client can write them.
 */
export function isLocalRequest(request: FastifyRequest): boolean {
  const address = request.socket.remoteAddress;
  if (address === undefined || !isLoopbackHost(address)) return false;
  return Object.keys(request.headers).every(
    (name) => !name.startsWith('x-forwarded') && !forwardingHeaders.includes(name),
  );
}

/**
 * The onRequest hook of a page or route for this machine only (the dev tools: they need no
 * sign-in and show reset links and withdrawal codes): anything else is refused 403.
 */
export async function refuseUnlessLocal(request: FastifyRequest): Promise<void> {
  if (!isLocalRequest(request)) throw forbidden('Only this machine may use this page, and not through a proxy');
}
