import { envelopeSchema, errorEnvelopeSchema } from '@uplink/contract/envelope';
import { demoBatchPaymentSchema } from '@uplink/contract/payout-batches';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope';
import { idParams } from '../../http/id-params';
import { requestingAdministrator } from '../audit/requesting-administrator';
import { payBatchFromDemoTreasury } from './pay-batch-from-demo-treasury';

/**
 * `POST /api/dev/demo-treasury/batches/{id}/pay` (administrators, dev tools on, with the demo
 * chain only): the demo treasury pays a batch, one multi-send transaction per Transaction Builder
 * part, once however often it is asked, and the treasury reconciliation approves its withdrawals
 * within seconds. Elsewhere it answers 404 as if it did not exist.
 */
export const demoBatchPaymentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app.context;
  if (!config.devToolsEnabled) return;
  app.post(
    '/dev/demo-treasury/batches/:id/pay',
    {
      config: { access: { permission: 'payouts.manage' } },
      schema: {
        tags: ['dev'],
        summary:
          "Pay a batch's pending withdrawals from the demo treasury, one transaction per Transaction Builder part, once (local mode only)",
        description:
          "Starts the batch's payment as its first export does (its withdrawals claimed, the four-eyes window counted); a repeated or concurrent call answers the same transactions. PAYOUT_BATCH_PAYMENT_UNDER_WAY when its files were exported (release it first).",
        security: [{ bearer: [] }],
        params: idParams,
        response: { 200: envelopeSchema(demoBatchPaymentSchema), 409: errorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      const chain = app.context.integrations.depositChain;
      const { rpcUrl, demoChain, demoBatchTransferAddress } = config.chain;
      if (!demoChain || !chain || !rpcUrl || !demoBatchTransferAddress) return reply.callNotFound();
      const payment = await payBatchFromDemoTreasury(
        app.context,
        {
          rpcUrl,
          chainId: chain.chainId,
          tokenAddress: chain.tokenAddress,
          batchTransferAddress: demoBatchTransferAddress,
        },
        requestingAdministrator(request),
        request.params.id,
      );
      return ok(payment, 'Batch paid from the demo treasury');
    },
  );
};
