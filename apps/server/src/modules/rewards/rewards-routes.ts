import { adminRewardsQuerySchema, adminRewardsSchema } from '@uplink/contract/admin-rewards';
import { envelopeSchema, errorEnvelopeSchema } from '@uplink/contract/envelope';
import { errorTexts } from '@uplink/contract/error-codes';
import { memberRewardsQuerySchema, memberRewardsSchema } from '@uplink/contract/member-rewards';
import { rewardPlanSchema } from '@uplink/contract/reward-plan';
import {
  rewardCyclePreviewSchema,
  rewardCycleRunRequestSchema,
  rewardCycleRunSchema,
  rewardCycleRunsQuerySchema,
  rewardCycleRunsSchema,
  rewardCycleTexts,
} from '@uplink/contract/reward-runs';
import { rewardStatsSchema } from '@uplink/contract/reward-stats';
import { safeText } from '@uplink/contract/safe-text';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DomainError } from '../../domain-error';
import { ok } from '../../http/envelope';
import { ExchangeUnavailableError } from '../exchange/exchange-gateway';
import { previewRewardCycle } from './preview-reward-cycle';
import { recordRewardCycle } from './reward-cycle-metrics';
import { type CycleStatement, runRewardCycle } from './run-reward-cycle';
import { viewAllRewards } from './view-all-rewards';
import { viewMemberRewards } from './view-member-rewards';
import { viewRewardCycleRuns } from './view-reward-cycle-runs';
import { viewRewardPlan } from './view-reward-plan';
import { viewRewardStats } from './view-reward-stats';

/** An uploaded statement of a million lines is about 50 MB of JSON. */
const statementBodyLimit = 128 * 1024 * 1024;

/** The statement a run or a preview is asked to distribute: the uploaded lines, or the exchange's. */
const statementOf = (body: z.output<typeof rewardCycleRunRequestSchema>): CycleStatement =>
  'entries' in body
    ? {
        source: 'UPLOAD',
        lines: body.entries.map((entry) => ({ uid: entry.bingXUID, masterAmount: entry.masterAmount })),
      }
    : { source: 'EXCHANGE' };

/**
 * A run or preview from an exchange that does not answer is refused in words, retryable
 * (EXCHANGE_UNAVAILABLE); what the exchange did answer is logged for the operator. The scheduled
 * job and the operator command see the exchange's own error.
 */
async function refusingExchangeOutage<T>(request: FastifyRequest, work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (!(error instanceof ExchangeUnavailableError)) throw error;
    request.log.warn({ err: error }, 'the exchange did not answer for a reward cycle');
    throw new DomainError('EXCHANGE_UNAVAILABLE', errorTexts.EXCHANGE_UNAVAILABLE);
  }
}

export const rewardsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/rewards/plan',
    {
      config: { access: 'public' },
      schema: {
        tags: ['rewards'],
        summary: 'The reward plan in force: DIRECT percent of the fee and the 15 DOWNLINE level percents',
        response: { 200: envelopeSchema(rewardPlanSchema) },
      },
    },
    async () => ok(await viewRewardPlan(app.context), 'Reward plan'),
  );

  app.get(
    '/rewards/stats/:id',
    {
      config: { access: 'member' },
      schema: {
        tags: ['rewards'],
        summary:
          "A member's balances, earnings breakdown, locked rewards and earnings per cycle (own or as administrator)",
        security: [{ bearer: [] }],
        params: z.object({ id: safeText('Id').max(100) }),
        response: { 200: envelopeSchema(rewardStatsSchema) },
      },
    },
    async (request) =>
      ok(await viewRewardStats(app.context, request.currentUser, request.params.id), 'Reward statistics'),
  );

  app.get(
    '/rewards/user',
    {
      config: { access: 'member' },
      schema: {
        tags: ['rewards'],
        summary: 'A page of your rewards, filtered by type and level, in the order asked',
        security: [{ bearer: [] }],
        querystring: memberRewardsQuerySchema,
        response: { 200: envelopeSchema(memberRewardsSchema) },
      },
    },
    async (request) => ok(await viewMemberRewards(app.context, request.currentUser.id, request.query), 'Rewards'),
  );

  app.post(
    '/rewards/admin/cycles',
    {
      config: { access: { permission: 'cycles.run' } },
      bodyLimit: statementBodyLimit,
      schema: {
        tags: ['rewards'],
        summary: 'Distribute a finished cycle from an uploaded statement or from the exchange (once per cycle)',
        security: [{ bearer: [] }],
        body: rewardCycleRunRequestSchema,
        response: { 200: envelopeSchema(rewardCycleRunSchema), 409: errorEnvelopeSchema },
      },
    },
    async (request) => {
      const run = await refusingExchangeOutage(
        request,
        runRewardCycle(app.context, {
          cycle: request.body.cycle,
          statement: statementOf(request.body),
          startedBy: request.currentUser.id,
          ipAddress: request.ip,
          requestId: request.id,
        }),
      );
      recordRewardCycle(run);
      return ok(
        run,
        run.outcome === 'DISTRIBUTED'
          ? `Cycle ${run.cycle} distributed: ${run.rewardsWritten} rewards`
          : `Cycle ${run.cycle} was already distributed; nothing was written`,
      );
    },
  );

  app.post(
    '/rewards/admin/cycles/preview',
    {
      config: { access: { permission: 'cycles.run' } },
      bodyLimit: statementBodyLimit,
      schema: {
        tags: ['rewards'],
        summary: 'What distributing a finished cycle from this statement would do, without writing anything',
        security: [{ bearer: [] }],
        body: rewardCycleRunRequestSchema,
        response: { 200: envelopeSchema(rewardCyclePreviewSchema), 409: errorEnvelopeSchema },
      },
    },
    async (request) => {
      const preview = await refusingExchangeOutage(
        request,
        previewRewardCycle(app.context, { cycle: request.body.cycle, statement: statementOf(request.body) }),
      );
      return ok(
        preview,
        preview.alreadyDistributed
          ? rewardCycleTexts.alreadyDistributed(preview.cycle)
          : `Cycle ${preview.cycle} would write ${preview.rewardsToWrite} rewards`,
      );
    },
  );

  app.get(
    '/rewards/admin/cycles',
    {
      config: { access: { permission: 'rewards.read' } },
      schema: {
        tags: ['rewards'],
        summary: 'The runs of the reward cycles, newest first, and the last finished cycle',
        security: [{ bearer: [] }],
        querystring: rewardCycleRunsQuerySchema,
        response: { 200: envelopeSchema(rewardCycleRunsSchema) },
      },
    },
    async (request) => ok(await viewRewardCycleRuns(app.context, request.query), 'Reward cycle runs'),
  );

  app.get(
    '/rewards/admin/all',
    {
      config: { access: { permission: 'rewards.read' } },
      schema: {
        tags: ['rewards'],
        summary: "Every member's rewards with search, type and level filters and the statistics of all they match",
        security: [{ bearer: [] }],
        querystring: adminRewardsQuerySchema,
        response: { 200: envelopeSchema(adminRewardsSchema) },
      },
    },
    async (request) => ok(await viewAllRewards(app.context, request.query), 'Rewards'),
  );
};
