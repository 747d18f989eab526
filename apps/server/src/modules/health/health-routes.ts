import { envelopeSchema } from '@uplink/contract/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import { ServiceUnavailableError } from '../../domain-error';
import { ok } from '../../http/envelope';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/healthz',
    {
      config: { access: 'public' },
      schema: {
        tags: ['health'],
        summary: 'The process is up',
        response: { 200: envelopeSchema(z.object({ status: z.literal('ok') })) },
      },
    },
    async () => ok({ status: 'ok' }),
  );

  app.get(
    '/readyz',
    {
      config: { access: 'public' },
      schema: {
        tags: ['health'],
        summary: 'The database answers (503 SERVICE_UNAVAILABLE when it does not)',
        response: { 200: envelopeSchema(z.object({ status: z.literal('ready') })) },
      },
    },
    async () => {
      try {
        await sql`SELECT 1`.execute(app.context.db);
      } catch {
        throw new ServiceUnavailableError('Database is not reachable');
      }
      return ok({ status: 'ready' });
    },
  );
};
