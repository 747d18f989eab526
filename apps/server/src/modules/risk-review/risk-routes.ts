import { envelopeSchema, errorEnvelopeSchema } from '@uplink/contract/envelope';
import {
  extendRiskHoldSchema,
  resolveRiskEventSchema,
  riskEventSchema,
  riskEventsQuerySchema,
  riskEventsSchema,
  riskResolutionResultSchema,
  riskTexts,
} from '@uplink/contract/risk';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../http/envelope';
import { idParams } from '../../http/id-params';
import { requestingAdministrator } from '../audit/requesting-administrator';
import { extendRiskHold } from './extend-risk-hold';
import { resolveRiskEvent } from './resolve-risk-event';
import { viewRiskEvents } from './view-risk-events';

/** Risk review (issue 36): the queue of events and their resolution by a person. */
export const riskRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/risk/events',
    {
      config: { access: { permission: 'risk.read' } },
      schema: {
        tags: ['admin'],
        summary: 'Risk events, most severe first, then newest, with every member named and the evidence',
        security: [{ bearer: [] }],
        querystring: riskEventsQuerySchema,
        response: { 200: envelopeSchema(riskEventsSchema) },
      },
    },
    async (request) => ok(await viewRiskEvents(app.context, request.query)),
  );

  app.post(
    '/admin/risk/events/:id/resolve',
    {
      config: { access: { permission: 'risk.resolve' } },
      schema: {
        tags: ['admin'],
        summary:
          'Resolve an open risk event: DISMISSED releases the hold, CONFIRMED locks the members and blocks their pending withdrawals',
        description:
          'Once: a resolved event answers RISK_EVENT_ALREADY_RESOLVED (of two resolutions at once, one wins). CONFIRMED locks the members (not administrators) and blocks their pending withdrawals with no payment under way (BLOCKED_COMPLIANCE, the note as the internal note, a neutral reason for the member), in one transaction. Audited.',
        security: [{ bearer: [] }],
        params: idParams,
        body: resolveRiskEventSchema,
        response: {
          200: envelopeSchema(riskResolutionResultSchema),
          404: errorEnvelopeSchema,
          409: errorEnvelopeSchema,
        },
      },
    },
    async (request) => {
      const result = await resolveRiskEvent(
        app.context,
        requestingAdministrator(request),
        request.params.id,
        request.body,
      );
      return ok(result, riskTexts.resolved(request.body.resolution));
    },
  );

  app.post(
    '/admin/risk/events/:id/members/:memberId/hold',
    {
      config: { access: { permission: 'risk.resolve' } },
      schema: {
        tags: ['admin'],
        summary: 'Extend an open event’s hold to one of its earlier holders',
        description:
          'An earlier holder was at the address first (SHARED_WITHDRAWAL_WALLET, CIRCULAR_FUNDS): named, not held. This holds them too while the event is open and high. Idempotent; audited (RISK_HOLD_EXTENDED) with the note.',
        security: [{ bearer: [] }],
        params: idParams.extend({ memberId: z.string().max(100) }),
        body: extendRiskHoldSchema,
        response: { 200: envelopeSchema(riskEventSchema), 404: errorEnvelopeSchema, 409: errorEnvelopeSchema },
      },
    },
    async (request) => {
      const event = await extendRiskHold(
        app.context,
        requestingAdministrator(request),
        request.params.id,
        request.params.memberId,
        request.body,
      );
      return ok(event, riskTexts.holdExtendedDone);
    },
  );
};
