import { auditLogQuerySchema, auditLogSchema } from '@uplink/contract/audit';
import { envelopeSchema } from '@uplink/contract/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope';
import { viewAuditLog } from './view-audit-log';

export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/audit-log',
    {
      config: { access: { permission: 'audit.read' } },
      schema: {
        tags: ['admin'],
        summary: 'The audit log, newest first: every administrator action, filtered by actor, action, target and time',
        security: [{ bearer: [] }],
        querystring: auditLogQuerySchema,
        response: { 200: envelopeSchema(auditLogSchema) },
      },
    },
    async (request) => ok(await viewAuditLog(app.context, request.query)),
  );
};
