import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { ServiceUnavailableError } from '../../http/domain-error';
import { ok } from '../../http/envelope';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/healthz',
    { config: { access: 'public' }, schema: { tags: ['health'], summary: 'The process is up' } },
    async () => ok({ status: 'ok' }),
  );

  app.get(
    '/readyz',
    { config: { access: 'public' }, schema: { tags: ['health'], summary: 'The database answers' } },
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
