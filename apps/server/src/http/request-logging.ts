import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';

/** A request slower than this is worth a line in the log whatever its status. */
export const slowRequestMs = 1_000;

export type RequestLogLevel = 'error' | 'warn' | 'info' | 'debug';

/**
 * The level a finished request is logged at. Failures (5xx) and slow requests stand out
 * everywhere. Otherwise production logs every request at info, for the log shippers; on a
 * developer's machine they go to debug, so the start-up banner is not buried under request lines
 * (LOG_LEVEL=debug shows them all).
 */
export function requestLogLevel(statusCode: number, elapsedMs: number, production: boolean): RequestLogLevel {
  if (statusCode >= 500) return 'error';
  if (elapsedMs > slowRequestMs) return 'warn';
  return production ? 'info' : 'debug';
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
    const level = error ? 'error' : requestLogLevel(reply.statusCode, reply.elapsedTime, this.production);
    reply.log[level](
      { req: request, res: reply, err: error ?? undefined, responseTime: reply.elapsedTime },
      'request completed',
    );
  }

  override routeNotFound(request: FastifyRequest): void {
    request.log.debug(`Route ${request.method}:${request.url} not found`);
  }
}
