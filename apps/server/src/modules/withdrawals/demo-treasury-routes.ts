import { envelopeSchema, errorEnvelopeSchema } from '@uplink/contract/envelope';
import { safeText } from '@uplink/contract/safe-text';
import { demoTreasuryPaymentSchema } from '@uplink/contract/withdrawals';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../http/envelope';
import { requestingAdministrator } from '../audit/requesting-administrator';
import { payFromDemoTreasury } from './pay-from-demo-treasury';

/**
 * `POST /api/dev/demo-treasury-pay/{id}` (administrators, dev tools on, with the demo chain
 * only): the demo chain's treasury pays a pending withdrawal, so the whole review — pay, then
 * approve with the hash — can be tried locally (claimed first: see `payFromDemoTreasury`).
 * Elsewhere it answers 404 as if it did not exist.
 */
export const demoTreasuryRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app.context;
  if (!config.devToolsEnabled) return;
  app.post(
    '/dev/demo-treasury-pay/:id',
    {
      config: { access: { permission: 'withdrawals.decide' } },
      // Dev tools never run in production, where the guard bites; it is declared so every payment route carries it.
      schema: {
        tags: ['dev'],
        summary: 'Pay a pending withdrawal from the demo chain treasury (local mode only)',
        security: [{ bearer: [] }],
        params: z.object({ id: safeText('Id').max(100) }),
        response: { 200: envelopeSchema(demoTreasuryPaymentSchema), 409: errorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      const chain = app.context.integrations.depositChain;
      if (!config.chain.demoChain || !chain || !config.chain.rpcUrl) return reply.callNotFound();
      const payment = await payFromDemoTreasury(
        app.context,
        { rpcUrl: config.chain.rpcUrl, chainId: chain.chainId, tokenAddress: chain.tokenAddress },
        requestingAdministrator(request),
        request.params.id,
      );
      return ok(payment, 'Paid from the demo treasury');
    },
  );
};
