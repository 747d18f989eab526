import { envelopeSchema } from '@uplink/contract/envelope';
import { linkBingxUidRequestSchema, linkBingxUidResultSchema } from '@uplink/contract/onboarding';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope';
import { linkExchangeUid } from './link-exchange-uid-service';
import { sessionKey } from './session-rate-limit';

/** Each attempt may cost an exchange API call; a person needs only a few. Counted per session. */
const linkRateLimit = { max: 10, timeWindow: '1 minute', keyGenerator: sessionKey };

export const onboardingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/users/bingx-uid',
    {
      preHandler: app.authenticate,
      config: { rateLimit: linkRateLimit },
      schema: {
        tags: ['onboarding'],
        summary: "Link the member's BingX UID (once), after the exchange confirms invitation, KYC and deposit",
        security: [{ bearer: [] }],
        body: linkBingxUidRequestSchema,
        response: { 200: envelopeSchema(linkBingxUidResultSchema) },
      },
    },
    async (request) => {
      const { db, config, integrations } = app.context;
      const result = await linkExchangeUid(
        { db, exchange: integrations.exchangeGateway, minimumDeposit: config.exchange.minimumDeposit },
        request.currentUser,
        request.body.bingXUID,
      );
      return ok({ bingXUID: result.bingXUID }, result.message);
    },
  );
};
