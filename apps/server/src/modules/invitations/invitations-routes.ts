import { envelopeSchema, errorEnvelopeSchema } from '@uplink/contract/envelope';
import {
  adminFunnelQuerySchema,
  adminFunnelSchema,
  funnelQuerySchema,
  funnelSchema,
  inviteesQuerySchema,
  inviteesSchema,
  linkVisitRequestSchema,
  linkVisitSchema,
  reminderSchema,
} from '@uplink/contract/invitations';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerView, credentialColumns } from '../../http/caller-view';
import { ok } from '../../http/envelope';
import { idParams } from '../../http/id-params';
import { recordLinkVisit } from './record-link-visit';
import { remindInvitee } from './remind-invitee';
import { viewAdminFunnel } from './view-admin-funnel';
import { viewFunnel } from './view-funnel';
import { viewInvitees } from './view-invitees';
import { visitorKeys } from './visitor-keys';

const bearer = [{ bearer: [] }];

/** A reminder names its sponsor by first name: read with the session check. */
const sponsorCaller = callerView('sponsor', (db) =>
  db.selectFrom('users').select([...credentialColumns, 'first_name']),
);

/** Link visits a client address may report per minute (each names a code: no code can be probed in bulk). */
const visitsPerMinute = 30;

/** The invitation funnel: link visits, a member's funnel and invitees, reminders, and the administrators' report. */
export const invitationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.context;
  const keys = visitorKeys({ redisUrl: deps.config.redisUrl, log: app.log });
  app.addHook('onClose', () => keys.close());

  app.post(
    '/referrals/visits',
    {
      config: { access: 'public', rateLimit: { max: visitsPerMinute, timeWindow: 60_000 } },
      schema: {
        tags: ['referrals'],
        summary:
          "A visit of a member's /ref/ link: who invited the visitor (first name). Counted once per visitor and day, as a keyed hash; bots are not counted",
        body: linkVisitRequestSchema,
        response: { 200: envelopeSchema(linkVisitSchema), 400: errorEnvelopeSchema },
      },
    },
    async (request) =>
      ok(
        await recordLinkVisit(deps, keys, {
          referralCode: request.body.referralCode,
          clientAddress: request.ip,
          userAgent: request.headers['user-agent'],
        }),
        'Invitation link',
      ),
  );

  app.get(
    '/referrals/funnel',
    {
      config: { access: 'member' },
      schema: {
        tags: ['referrals'],
        summary:
          'Your link in a period (UTC days, both included): its unique visits, and how far the invitees who registered in it got',
        security: bearer,
        querystring: funnelQuerySchema,
        response: { 200: envelopeSchema(funnelSchema) },
      },
    },
    async (request) => ok(await viewFunnel(deps, request.currentUser.id, request.query), 'Invitation funnel'),
  );

  app.get(
    '/referrals/invitees',
    {
      config: { access: 'member' },
      schema: {
        tags: ['referrals'],
        summary:
          'A page of your level-1 invitees, newest first: their stage, since when, what they still need and when you may remind them',
        security: bearer,
        querystring: inviteesQuerySchema,
        response: { 200: envelopeSchema(inviteesSchema) },
      },
    },
    async (request) => ok(await viewInvitees(deps, request.currentUser.id, request.query), 'Invitees'),
  );

  app.post(
    '/referrals/invitees/:id/remind',
    {
      config: { access: 'member', caller: sponsorCaller },
      schema: {
        tags: ['referrals'],
        summary:
          'E-mail one of your invitees their next step (at most once in 72 hours each, 20 a day in all: 429 REMINDER_TOO_SOON with data.allowedAt; 409 INVITEE_UNSUBSCRIBED or REMINDER_NOT_NEEDED)',
        security: bearer,
        params: idParams,
        response: { 200: envelopeSchema(reminderSchema), 409: errorEnvelopeSchema, 429: errorEnvelopeSchema },
      },
    },
    async (request) => {
      const sponsor = sponsorCaller.of(request);
      return ok(
        await remindInvitee(deps, { id: sponsor.id, firstName: sponsor.first_name }, request.params.id, request.id),
        'Reminder sent',
      );
    },
  );

  app.get(
    '/admin/reports/funnel',
    {
      config: { access: { permission: 'reports.read' } },
      schema: {
        tags: ['admin'],
        summary:
          "The network's invitation funnel by week (or one member's link, memberId) with the conversion at each step, and the best-converting links",
        security: bearer,
        querystring: adminFunnelQuerySchema,
        response: { 200: envelopeSchema(adminFunnelSchema), 404: errorEnvelopeSchema },
      },
    },
    async (request) => ok(await viewAdminFunnel(deps, request.query), 'Invitation funnel'),
  );
};
