import {
  adminUserDetailQuerySchema,
  adminUserDetailSchema,
  adminUsersQuerySchema,
  adminUsersSchema,
  adminUserTexts,
  memberStatusChangeSchema,
  overallStatsSchema,
} from '@uplink/contract/admin-users';
import { envelopeSchema } from '@uplink/contract/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../http/envelope';
import { idParams } from '../../http/id-params';
import { requestingAdministrator } from '../audit/requesting-administrator';
import { changeMemberStatus } from './change-member-status';
import { deleteMember } from './delete-member';
import { listUsers } from './list-users';
import { viewOverallStats } from './view-overall-stats';
import { viewUserDetail } from './view-user-detail';

export const adminUsersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/users/admin/overall-stats',
    {
      config: { access: { permission: 'dashboard.read' } },
      schema: {
        tags: ['admin'],
        summary: 'The admin dashboard: member, withdrawal and reward totals, the latest withdrawals and members',
        security: [{ bearer: [] }],
        response: { 200: envelopeSchema(overallStatsSchema) },
      },
    },
    async () => ok(await viewOverallStats(app.context)),
  );

  app.get(
    '/users/admin/all',
    {
      config: { access: { permission: 'members.read' } },
      schema: {
        tags: ['admin'],
        summary: 'A page of members, searched by name, e-mail, user ID or referral code, with unfiltered statistics',
        security: [{ bearer: [] }],
        querystring: adminUsersQuerySchema,
        response: { 200: envelopeSchema(adminUsersSchema) },
      },
    },
    async (request) => ok(await listUsers(app.context, request.query)),
  );

  app.get(
    '/users/admin/:id',
    {
      config: { access: { permission: 'members.read' } },
      schema: {
        tags: ['admin'],
        summary: 'One member with balances, sponsor and subscription; a page of rewards and withdrawals on request',
        security: [{ bearer: [] }],
        params: idParams,
        querystring: adminUserDetailQuerySchema,
        response: { 200: envelopeSchema(adminUserDetailSchema) },
      },
    },
    async (request) => ok(await viewUserDetail(app.context, request.params.id, request.query)),
  );

  app.delete(
    '/users/admin/:id',
    {
      config: { access: { permission: 'members.delete' } },
      schema: {
        tags: ['admin'],
        summary: 'Delete a member (soft): sign-in ends, personal data is blanked, the tree and the ledger stay',
        security: [{ bearer: [] }],
        params: idParams,
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (request) => {
      await deleteMember(app.context, requestingAdministrator(request), request.params.id);
      return ok(null, adminUserTexts.deleted);
    },
  );

  app.put(
    '/users/:id/status',
    {
      config: { access: { permission: 'members.manage' } },
      schema: {
        tags: ['admin'],
        summary: "Set a member's status (ACTIVE, LOCKED or DISABLED); LOCKED and DISABLED end their sessions",
        security: [{ bearer: [] }],
        params: idParams,
        body: memberStatusChangeSchema,
        response: { 200: envelopeSchema(z.object({ status: memberStatusChangeSchema.shape.status })) },
      },
    },
    async (request) => {
      const result = await changeMemberStatus(
        app.context,
        requestingAdministrator(request),
        request.params.id,
        request.body.status,
      );
      return ok(result, adminUserTexts.statusUpdated(result.status));
    },
  );
};
