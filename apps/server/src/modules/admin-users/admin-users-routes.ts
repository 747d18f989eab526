import { adminUserTexts, memberStatusChangeSchema } from '@uplink/contract/admin-users';
import { envelopeSchema } from '@uplink/contract/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../http/envelope';
import { changeMemberStatus } from './change-member-status';

export const adminUsersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/users/:id/status',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: "Set a member's status (ACTIVE, LOCKED or DISABLED); LOCKED and DISABLED end their sessions",
        security: [{ bearer: [] }],
        params: z.object({ id: z.string().max(100) }),
        body: memberStatusChangeSchema,
        response: { 200: envelopeSchema(z.object({ status: memberStatusChangeSchema.shape.status })) },
      },
    },
    async (request) => {
      const result = await changeMemberStatus(
        app.context,
        { id: request.currentUser.id, ipAddress: request.ip, requestId: request.id },
        request.params.id,
        request.body.status,
      );
      return ok(result, adminUserTexts.statusUpdated(result.status));
    },
  );
};
