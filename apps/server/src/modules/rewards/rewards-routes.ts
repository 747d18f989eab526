import { envelopeSchema } from '@uplink/contract/envelope';
import { rewardPlanSchema } from '@uplink/contract/rewards';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope';
import { viewRewardPlan } from './view-reward-plan';

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
};
