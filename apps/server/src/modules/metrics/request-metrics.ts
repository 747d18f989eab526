import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Histogram } from 'prom-client';
import { isApiRoute } from '../../http/authentication';
import { metricsRegistry } from '../../metrics-registry';

const requestDuration = new Histogram({
  name: 'uplink_http_request_duration_seconds',
  help: 'Time from the arrival of a request to its answer, by method, route pattern and status',
  labelNames: ['method', 'route', 'status_code'] as const,
  registers: [metricsRegistry],
});

/**
 * Times every answer of `app`. The route label is the route's pattern (`/api/admin/users/:id`),
 * never the path asked for: paths are unbounded and each label value is a series kept forever.
 * A request no route took (the 404 handler) is `unmatched`; the web app's pages and files (one
 * route per hashed asset, renamed by every release) are all `web app`.
 */
export function recordRequestDurations(app: FastifyInstance): void {
  app.addHook('onResponse', (request, reply, done) => {
    const route = routeLabel(request);
    requestDuration.observe({ method: request.method, route, status_code: reply.statusCode }, reply.elapsedTime / 1000);
    done();
  });
}

function routeLabel(request: FastifyRequest): string {
  const pattern = request.routeOptions.url;
  if (request.is404 || pattern === undefined) return 'unmatched';
  return isApiRoute(pattern) ? pattern : 'web app';
}
