import { adminTeamTexts } from '@uplink/contract/admin-roles';
import {
  adminInvitationAcceptedSchema,
  adminInvitationAcceptSchema,
  adminInvitationRequestSchema,
  adminInvitationSchema,
  adminRoleChangeSchema,
  adminTeamSchema,
} from '@uplink/contract/admin-team';
import { envelopeSchema, errorEnvelopeSchema } from '@uplink/contract/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../http/envelope';
import { idParams } from '../../http/id-params';
import { requestingAdministrator } from '../audit/requesting-administrator';
import { acceptInvitation } from './accept-invitation';
import { changeTeamMember, type TeamChange } from './change-administrator';
import { inviteAdministrator } from './invite-administrator';
import { revokeInvitation } from './revoke-invitation';
import { viewTeam } from './view-team';

const failed = errorEnvelopeSchema;
const bearer = [{ bearer: [] }];
const teamManagement = { access: { permission: 'team.manage' as const } };
const changeRules =
  'Never the last active owner (LAST_OWNER), never oneself (ADMIN_SELF_CHANGE). Ends the administrator’s sessions at once (their next request answers 401); audited and mailed to every owner.';

/** The administrators' team: owners invite, change, suspend and remove; an invitation's link makes an administrator. */
export const adminTeamRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.context;
  const { authPerMinute } = deps.config.rateLimits;

  app.get(
    '/admin/team',
    {
      config: teamManagement,
      schema: {
        tags: ['admin'],
        summary: 'The administrators (owners first) and the invitations still pending',
        security: bearer,
        response: { 200: envelopeSchema(adminTeamSchema) },
      },
    },
    async () => ok(await viewTeam(deps)),
  );

  app.post(
    '/admin/team/invitations',
    {
      config: teamManagement,
      schema: {
        tags: ['admin'],
        summary: 'Invite someone to the team: a one-use link valid for 72 hours goes to their address',
        description:
          'An address with an account is USER_EXISTS, one with a pending invitation ADMIN_INVITATION_EXISTS. Audited and mailed to every owner.',
        security: bearer,
        body: adminInvitationRequestSchema,
        response: { 201: envelopeSchema(adminInvitationSchema), 409: failed },
      },
    },
    async (request, reply) => {
      const invitation = await inviteAdministrator(deps, requestingAdministrator(request), request.body);
      return reply.status(201).send(ok(invitation, adminTeamTexts.invited));
    },
  );

  app.delete(
    '/admin/team/invitations/:id',
    {
      config: teamManagement,
      schema: {
        tags: ['admin'],
        summary: 'Revoke a pending invitation: its link stops working at once',
        security: bearer,
        params: idParams,
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (request) => {
      await revokeInvitation(deps, requestingAdministrator(request), request.params.id);
      return ok(null, adminTeamTexts.revoked);
    },
  );

  app.post(
    '/admin/team/invitations/accept',
    {
      config: { access: 'public', rateLimit: { max: authPerMinute, timeWindow: 60_000 } },
      schema: {
        tags: ['admin'],
        summary: "Accept an invitation with its link's token and a password: the administrator can sign in",
        description:
          'The password follows the reset screen’s rules. A used, revoked or expired link is INVALID_OR_EXPIRED_TOKEN; an address that has an account by now, USER_EXISTS.',
        body: adminInvitationAcceptSchema,
        response: { 200: envelopeSchema(adminInvitationAcceptedSchema), 409: failed },
      },
    },
    async (request) => ok(await acceptInvitation(deps, request.body), adminTeamTexts.invitationAccepted),
  );

  const changes: readonly [string, 'post' | 'delete', string, Exclude<TeamChange, { kind: 'role' }>['kind'], string][] =
    [
      [
        '/admin/team/:id/suspend',
        'post',
        'Suspend an administrator: they cannot sign in until reinstated',
        'suspend',
        adminTeamTexts.suspended,
      ],
      [
        '/admin/team/:id/reinstate',
        'post',
        'Reinstate a suspended administrator',
        'reinstate',
        adminTeamTexts.reinstated,
      ],
      [
        '/admin/team/:id',
        'delete',
        'Remove an administrator from the team; the address may be invited again',
        'remove',
        adminTeamTexts.removed,
      ],
    ];
  for (const [url, method, summary, kind, done] of changes) {
    app[method](
      url,
      {
        config: teamManagement,
        schema: {
          tags: ['admin'],
          summary,
          description: changeRules,
          security: bearer,
          params: idParams,
          response: { 200: envelopeSchema(z.null()), 409: failed },
        },
      },
      async (request) => {
        await changeTeamMember(deps, requestingAdministrator(request), request.params.id, { kind });
        return ok(null, done);
      },
    );
  }

  app.put(
    '/admin/team/:id',
    {
      config: teamManagement,
      schema: {
        tags: ['admin'],
        summary: "Change an administrator's role",
        description: changeRules,
        security: bearer,
        params: idParams,
        body: adminRoleChangeSchema,
        response: { 200: envelopeSchema(z.null()), 409: failed },
      },
    },
    async (request) => {
      await changeTeamMember(deps, requestingAdministrator(request), request.params.id, {
        kind: 'role',
        role: request.body.role,
      });
      return ok(null, adminTeamTexts.roleChanged);
    },
  );
};
