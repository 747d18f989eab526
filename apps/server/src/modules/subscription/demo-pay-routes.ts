import { envelopeSchema, errorEnvelopeSchema } from '@uplink/contract/envelope';
import { safeText } from '@uplink/contract/safe-text';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { payOnDemoChain } from '../../chain/demo-chain';
import { DomainError } from '../../domain-error';
import { ok } from '../../http/envelope';
import { refuseUnlessLocal } from '../../http/local-request';
import { amountBeyondLedger } from './deposit-amounts';
import { findDepositAddressByEmail } from './subscription-repository';

const demoPayBodySchema = z.object({
  email: safeText('Email').trim().min(1).max(254),
  amount: safeText('Amount')
    // `abort`: the ledger's bound below reads the text as a decimal, so only text that is one.
    .regex(/^\d+(\.\d{1,18})?$/, { message: 'The amount is a USDT amount with at most 18 decimals', abort: true })
    // Nothing the scanner would have to quarantine: what it sends must fit the deposit ledger.
    .superRefine((amount, context) => {
      const beyond = amountBeyondLedger(amount);
      if (beyond) context.addIssue({ code: 'custom', message: beyond });
    })
    .optional(),
});

/**
 * `POST /api/dev/demo-pay` (dev tools on, with the demo chain only): a test wallet sends USDT on
 * the demo chain to a member's deposit address — what `npm run demo:pay -- <email>` and the
 * browser tests use to "pay". Elsewhere it answers 404 as if it did not exist; it answers this
 * machine only, never through a proxy.
 */
export const demoPayRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config, db } = app.context;
  if (!config.devToolsEnabled) return;
  app.post(
    '/dev/demo-pay',
    {
      config: { access: 'public' },
      onRequest: refuseUnlessLocal,
      schema: {
        tags: ['dev'],
        summary: "Pay a member's subscription on the local demo chain (local mode only)",
        description: "Answers requests from the server's own machine only (loopback, not through a proxy).",
        body: demoPayBodySchema,
        response: {
          200: envelopeSchema(z.object({ transactionHash: z.string(), depositAddress: z.string() })),
          403: errorEnvelopeSchema,
          404: errorEnvelopeSchema,
        },
      },
    },
    async (request, reply) => {
      const chain = app.context.integrations.depositChain;
      if (!config.chain.demoChain || !chain || !config.chain.rpcUrl) {
        return reply.callNotFound();
      }
      const depositAddress = await findDepositAddressByEmail(db, request.body.email);
      if (!depositAddress) throw new DomainError('USER_NOT_FOUND', 'No member with a deposit address has this e-mail');
      const transactionHash = await payOnDemoChain(
        { rpcUrl: config.chain.rpcUrl, chainId: chain.chainId, tokenAddress: chain.tokenAddress },
        'memberWallet',
        depositAddress,
        request.body.amount ?? config.subscription.fee,
      );
      return ok({ transactionHash, depositAddress }, 'Payment sent on the demo chain');
    },
  );
};
