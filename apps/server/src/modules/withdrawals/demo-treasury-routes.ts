import { envelopeSchema } from '@uplink/contract/envelope';
import { safeText } from '@uplink/contract/safe-text';
import { demoTreasuryPaymentSchema } from '@uplink/contract/withdrawals';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { payOnDemoChain } from '../../chain/demo-chain';
import { isUuid } from '../../db/uuid';
import { DomainError } from '../../http/domain-error';
import { ok } from '../../http/envelope';
import { findWithdrawal } from './withdrawals-repository';

/**
 * `POST /api/dev/demo-treasury-pay/{id}` (administrators, dev tools on, with the demo chain
 * only): the demo chain's treasury pays a pending withdrawal, so the whole review — pay, then
 * approve with the hash — can be tried locally. Elsewhere it answers 404 as if it did not exist.
 */
export const demoTreasuryRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config, db } = app.context;
  if (!config.devToolsEnabled) return;
  app.post(
    '/dev/demo-treasury-pay/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['dev'],
        summary: 'Pay a pending withdrawal from the demo chain treasury (local mode only)',
        security: [{ bearer: [] }],
        params: z.object({ id: safeText('Id').max(100) }),
        response: { 200: envelopeSchema(demoTreasuryPaymentSchema) },
      },
    },
    async (request, reply) => {
      const chain = app.context.integrations.depositChain;
      if (!config.chain.demoChain || !chain || !config.chain.rpcUrl) return reply.callNotFound();
      const withdrawal = isUuid(request.params.id) ? await findWithdrawal(db, request.params.id) : undefined;
      if (!withdrawal) throw new DomainError('WITHDRAWAL_NOT_FOUND', 'No such withdrawal.');
      if (withdrawal.status !== 'PENDING') {
        throw new DomainError('WITHDRAWAL_ALREADY_PROCESSED', 'This withdrawal has already been processed.');
      }
      const transactionHash = await payOnDemoChain(
        { rpcUrl: config.chain.rpcUrl, chainId: chain.chainId, tokenAddress: chain.tokenAddress },
        withdrawal.wallet_address,
        withdrawal.amount,
      );
      return ok({ transactionHash }, 'Paid from the demo treasury');
    },
  );
};
