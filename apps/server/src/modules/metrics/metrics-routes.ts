import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { metricsRegistry } from '../../metrics-registry';
import { readMetrics } from './cluster-metrics';
import { metricsReaderGuard } from './metrics-access';

export const metricsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/metrics',
    {
      // Not the member sessions' access: readers are machines (see metricsReaderGuard).
      config: { access: 'public', failures: [403], routine: true },
      onRequest: metricsReaderGuard(app.context.config.metricsToken),
      schema: {
        tags: ['metrics'],
        summary: 'Prometheus metrics of every server process (text exposition format)',
        description:
          "Readable from the server's own machine (loopback, not through a proxy) or with `Authorization: Bearer <METRICS_TOKEN>`; anyone else gets 403 FORBIDDEN.",
      },
    },
    async (_request, reply) => reply.type(metricsRegistry.contentType).send(await readMetrics()),
  );
};
