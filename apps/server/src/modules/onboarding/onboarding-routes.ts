import { envelopeSchema, errorEnvelopeSchema } from '@uplink/contract/envelope';
import { linkBingxUidRequestSchema, linkBingxUidResultSchema } from '@uplink/contract/onboarding';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerAccount } from '../../http/caller-view';
import { ok } from '../../http/envelope';
import { perMemberRateLimit } from '../../http/member-rate-limit';
import { linkExchangeUid } from './link-exchange-uid';

/** Each attempt may cost an exchange API call; a person needs only a few. Counted per member. */
const linkRateLimit = perMemberRateLimit(10, '1 minute');

export const onboardingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/users/bingx-uid',
    {
      config: { access: 'member', caller: callerAccount, rateLimit: linkRateLimit },
      schema: {
        tags: ['onboarding'],
        summary: "Link the member's BingX UID (once), after the exchange confirms invitation, KYC and deposit",
        security: [{ bearer: [] }],
        body: linkBingxUidRequestSchema,
        response: {
          200: envelopeSchema(linkBingxUidResultSchema),
          400: errorEnvelopeSchema,
          401: errorEnvelopeSchema,
          403: errorEnvelopeSchema,
          409: errorEnvelopeSchema,
          423: errorEnvelopeSchema,
          429: errorEnvelopeSchema,
          503: errorEnvelopeSchema,
        },
      },
    },
    async (request) => {
      const { db, config, integrations, clock } = app.context;
      const result = await linkExchangeUid(
        {
          db,
          exchange: integrations.exchangeGateway,
          minimumBalance: config.exchange.minimumBalance,
          uidChecksPerDay: config.uidChecksPerDay,
          clock,
        },
        callerAccount.of(request),
        request.body.bingXUID,
      );
      return ok({ bingXUID: result.bingXUID }, result.message);
    },
  );
};
