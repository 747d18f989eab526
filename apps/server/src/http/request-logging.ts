import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';

/** A request slower than this is worth a line in the log whatever its status. */
export const slowRequestMs = 1_000;

export type RequestLogLevel = 'error' | 'warn' | 'info' | 'debug';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Asked by machines every few seconds (the metrics scrape): a line each would bury the log
     * (a third of a production log was scrapes), so its answers are logged at debug.
     */
    routine?: boolean;
  }
}

/**
 * The level a finished request is logged at. Failures (5xx) and slow requests stand out
 * everywhere. Otherwise production logs every request at info, for the log shippers; on a
 * developer's machine they go to debug, so the start-up banner is not buried under request lines
 * (LOG_LEVEL=debug shows them all). A `routine` route's answers go to debug everywhere.
 */
export function requestLogLevel(
  statusCode: number,
  elapsedMs: number,
  production: boolean,
  routine = false,
): RequestLogLevel {
  if (statusCode >= 500) return 'error';
  if (elapsedMs > slowRequestMs) return 'warn';
  return production && !routine ? 'info' : 'debug';
}

/** Fastify's per-request log lines (both at info by default) at the levels above. */
export class RequestLogController extends LogController {
  constructor(private readonly production: boolean) {
    super();
  }

  override incomingRequest(request: FastifyRequest): void {
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const routine = request.routeOptions.config?.routine === true;
    const level = error ? 'error' : requestLogLevel(reply.statusCode, reply.elapsedTime, this.production, routine);
    reply.log[level](
      { req: request, res: reply, err: error ?? undefined, responseTime: reply.elapsedTime },
      'request completed',
    );
  }

  override routeNotFound(request: FastifyRequest): void {
    request.log.debug(`Route ${request.method}:${request.url} not found`);
  }
}
