import { once } from 'node:events';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { ServiceUnavailableError } from '../domain-error';

/** How long a client told to come back waits (Retry-After), in seconds: a load balancer tries another host first. */
const retryAfterSeconds = 5;

/**
 * A process that stops without dropping what it serves (issue 42). Once `start`ed — by SIGTERM,
 * or by the app closing — every request that arrives is answered 503 SERVICE_UNAVAILABLE with
 * Retry-After (once its body, if one is on its way, has arrived) and ends its connection
 * (readiness included, so the load balancer takes the process out), while the requests already
 * being served run to their end: `held()` resolves when none is left. The process keeps
 * accepting connections meanwhile, so a client never meets a closed port or a reset, only a 503;
 * the port closes when the app does.
 */
export interface Drain {
  start(): void;
  readonly draining: boolean;
  /** Resolves once no request that arrived before the drain is still being served. */
  held(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    drain: Drain;
  }
}

export function registerDrain(app: FastifyInstance): Drain {
  let draining = false;
  /** Requests being served that arrived before the drain: uploads still sending their body included. */
  let serving = 0;
  const allServed = new EventTarget();

  const serve = (reply: FastifyReply) => {
    serving += 1;
    // 'close' comes once whatever the outcome: answered, failed, or the client gone.
    reply.raw.once('close', () => {
      serving -= 1;
      if (serving === 0) allServed.dispatchEvent(new Event('idle'));
    });
  };
  app.addHook('onRequest', (_request, reply, done) => {
    if (draining) {
      done(new ServiceUnavailableError('The server is stopping. Please try again in a moment.', { retryAfterSeconds }));
      return;
    }
    serve(reply);
    done();
  });
  // A callback hook, not an async one: it runs on every answer, and a promise per answer costs.
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-request-id', request.id);
    if (!draining) {
      done(null, payload);
      return;
    }
    reply.header('connection', 'close');
    const body = request.raw;
    if (!bodyStillComing(body)) {
      done(null, payload);
      return;
    }
    // An answer given before its request's body was read — the 503 of an upload begun during the
    // drain, or a refusal by the access check of one begun before — waits for the rest of the
    // body, read and dropped: the answer closes the connection, and a connection closed under a
    // body still coming is reset, so the client met EPIPE or ECONNRESET instead of its answer.
    // It holds the drain like a request being served; SHUTDOWN_GRACE_MS still bounds it.
    serve(reply);
    let sent = false;
    const send = () => {
      if (sent) return;
      sent = true;
      done(null, payload);
    };
    body.once('end', send);
    body.once('close', send);
    body.once('error', send);
    body.resume();
  });
  const drain: Drain = {
    start() {
      draining = true;
    },
    get draining() {
      return draining;
    },
    async held() {
      if (serving > 0) await once(allServed, 'idle');
    },
  };
  // A close that no signal began (tests, a failed start) drains too: Node closes only idle
  // connections, and a keep-alive one whose request still ran would hold the close open.
  app.addHook('preClose', async () => drain.start());
  app.decorate('drain', drain);
  return drain;
}

/** Whether a request announced a body (a length above 0, or chunks) that has not all arrived yet. */
function bodyStillComing(request: IncomingMessage): boolean {
  if (request.complete || request.readableEnded) return false;
  const length = Number(request.headers['content-length'] ?? 0);
  return length > 0 || request.headers['transfer-encoding'] !== undefined;
}
