import { envelopeSchema } from '@uplink/contract/envelope';
import { unmatchedTransfersQuerySchema, unmatchedTransfersSchema } from '@uplink/contract/payout-batches';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope';
import { viewUnmatchedTransfers } from './view-unmatched-transfers';

export const treasuryReconciliationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/withdrawals/admin/unmatched-transfers',
    {
      config: { access: { permission: 'payouts.read' } },
      schema: {
        tags: ['withdrawals'],
        summary: 'Treasury transfers that matched no pending withdrawal (newest first)',
        description:
          'Outgoing USDT transfers of the treasury addresses read by the reconciliation that approved nothing: no pending withdrawal to that address for exactly that amount, a payment after the withdrawal was rejected or blocked, or a second payment of one already approved.',
        security: [{ bearer: [] }],
        querystring: unmatchedTransfersQuerySchema,
        response: { 200: envelopeSchema(unmatchedTransfersSchema) },
      },
    },
    async (request) => ok(await viewUnmatchedTransfers(app.context, request.query), 'Unmatched treasury transfers'),
  );
};
