import type { FastifyInstance } from 'fastify';
import { Histogram } from 'prom-client';
import { metricsRegistry } from './metrics-registry';

const requestDuration = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'Time from the arrival of a request to its answer, by method, route pattern and status',
  labelNames: ['method', 'route', 'status_code'] as const,
  registers: [metricsRegistry],
});

/**
 * Times every answer of `app`. The route label is the route's pattern (`/api/admin/users/:id`),
 * never the path asked for: paths are unbounded and each label value is a series kept forever.
 * A request no route took (the 404 handler) is `unmatched`.
 */
export function recordRequestDurations(app: FastifyInstance): void {
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.is404 ? 'unmatched' : (request.routeOptions.url ?? 'unmatched');
    requestDuration.observe({ method: request.method, route, status_code: reply.statusCode }, reply.elapsedTime / 1000);
    done();
  });
}
