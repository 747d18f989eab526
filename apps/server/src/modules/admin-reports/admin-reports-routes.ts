import { memberReportsQuerySchema, memberReportsSchema } from '@uplink/contract/admin-reports';
import { envelopeSchema } from '@uplink/contract/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope';
import { viewMemberReports } from './view-member-reports';

export const adminReportsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/users/admin/reports',
    {
      config: { access: { permission: 'reports.read' } },
      schema: {
        tags: ['admin'],
        summary:
          "A page of member reports, newest first: each member's balance, withdrawals, rewards, statements, downline and sign-ins",
        security: [{ bearer: [] }],
        querystring: memberReportsQuerySchema,
        response: { 200: envelopeSchema(memberReportsSchema) },
      },
    },
    async (request) => ok(await viewMemberReports(app.context, request.query)),
  );
};
