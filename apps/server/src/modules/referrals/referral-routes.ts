import { envelopeSchema } from '@uplink/contract/envelope';
import {
  referralHistoryQuerySchema,
  referralHistorySchema,
  referralTreeQuerySchema,
  referralTreeSchema,
} from '@uplink/contract/referrals';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope';
import { viewReferralHistory } from './referral-history';
import { referralTreeCaller, viewReferralTree } from './referral-tree';

/** The caller's own downline only: there is no parameter that names another member. */
export const referralRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/users/referrals/history',
    {
      config: { access: 'member' },
      schema: {
        tags: ['referrals'],
        summary: 'A page of your downline (newest first) with statistics over the filtered set',
        security: [{ bearer: [] }],
        querystring: referralHistoryQuerySchema,
        response: { 200: envelopeSchema(referralHistorySchema) },
      },
    },
    async (request) =>
      ok(
        await viewReferralHistory(app.context.readDb, request.currentUser.id, request.query, app.context.clock.now()),
        'Referral history',
      ),
  );

  app.get(
    '/users/referral-tree',
    {
      config: { access: 'member', caller: referralTreeCaller },
      schema: {
        tags: ['referrals'],
        summary: 'Your referral tree down to maxLevels, with per-member downline size and your earnings',
        security: [{ bearer: [] }],
        querystring: referralTreeQuerySchema,
        response: { 200: envelopeSchema(referralTreeSchema) },
      },
    },
    async (request) =>
      ok(
        await viewReferralTree(app.context.readDb, referralTreeCaller.of(request), request.query.maxLevels),
        'Referral tree',
      ),
  );
};
