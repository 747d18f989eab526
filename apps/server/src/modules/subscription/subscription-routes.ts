import { subscriptionFeeSchema } from '@uplink/contract/accounts';
import { bscNetworkName } from '@uplink/contract/constants';
import { quarantinedDepositsSchema } from '@uplink/contract/deposits';
import { envelopeSchema } from '@uplink/contract/envelope';
import { toWireMoney } from '@uplink/contract/money';
import { paymentDetailsSchema } from '@uplink/contract/onboarding';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerAccount } from '../../http/caller-view';
import { ok } from '../../http/envelope';
import { perMemberRateLimit } from '../../http/member-rate-limit';
import { createDepositScanner } from './deposit-scanner';
import { refreshSubscription } from './refresh-subscription';
import { viewQuarantinedDeposits } from './view-quarantined-deposits';

/** A member may ask for an immediate scan a few times a minute; the job covers everyone anyway. */
const refreshRateLimit = perMemberRateLimit(6, '1 minute');

export const subscriptionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config, db } = app.context;
  const scanner = createDepositScanner(app.context, app.log);

  app.get(
    '/users/refresh-subscription',
    {
      config: { access: 'member', caller: callerAccount, rateLimit: refreshRateLimit },
      schema: {
        tags: ['subscription'],
        summary: "Scan the member's deposit address now and answer the subscription status",
        security: [{ bearer: [] }],
        response: { 200: envelopeSchema(subscriptionFeeSchema) },
      },
    },
    async (request) =>
      ok(
        await refreshSubscription(
          { db, scanner, subscription: config.subscription, clock: app.context.clock },
          callerAccount.of(request),
        ),
        'Subscription status refreshed',
      ),
  );

  app.get(
    '/subscription/payment-details',
    {
      config: { access: 'member' },
      schema: {
        tags: ['subscription'],
        summary: 'Where and how much to pay: network, token contract, fee',
        security: [{ bearer: [] }],
        response: { 200: envelopeSchema(paymentDetailsSchema) },
      },
    },
    async () =>
      ok({
        network: bscNetworkName,
        tokenSymbol: 'USDT',
        tokenContract: app.context.integrations.depositChain?.tokenAddress ?? config.chain.usdtContractAddress,
        fee: toWireMoney(config.subscription.fee),
        confirmations: config.chain.confirmations,
        periodDays: config.subscription.periodDays,
      }),
  );

  app.get(
    '/subscription/admin/quarantined-deposits',
    {
      config: { access: { permission: 'members.read' } },
      schema: {
        tags: ['admin'],
        summary: 'Deposit logs the scanner could not store (the ledger cannot hold their amount), newest first',
        security: [{ bearer: [] }],
        response: { 200: envelopeSchema(quarantinedDepositsSchema) },
      },
    },
    async () => ok(await viewQuarantinedDeposits(app.context)),
  );
};
