import { envelopeSchema, errorEnvelopeSchema } from '@uplink/contract/envelope';
import {
  adminWithdrawalsQuerySchema,
  adminWithdrawalsSchema,
  createWithdrawalRequestSchema,
  memberWithdrawalsSchema,
  otpRequestResultSchema,
  otpRequestSchema,
  otpStatusSchema,
  paymentReleaseSchema,
  verifyOtpRequestSchema,
  withdrawalDecisionSchema,
  withdrawalReviewSchema,
  withdrawalSchema,
  withdrawalsQuerySchema,
} from '@uplink/contract/withdrawals';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerAccount } from '../../http/caller-view';
import { ok } from '../../http/envelope';
import { idParams } from '../../http/id-params';
import { perMemberRateLimit } from '../../http/member-rate-limit';
import { requestingAdministrator } from '../audit/requesting-administrator';
import { createWithdrawal } from './create-withdrawal';
import { decideWithdrawal } from './decide-withdrawal';
import { releaseWithdrawalPayment } from './release-withdrawal-payment';
import { requestWithdrawalCode } from './request-withdrawal-code';
import {
  listMemberWithdrawalsForReview,
  listWithdrawalsForReview,
  viewWithdrawalForReview,
} from './review-withdrawals';
import { verifyWithdrawalCode } from './verify-withdrawal-code';
import { viewMemberWithdrawal, viewMemberWithdrawals } from './view-member-withdrawals';
import { viewWithdrawalCodeStatus } from './view-withdrawal-code-status';

/** Guessing codes or creating withdrawals in bulk is refused long before it could matter. */
const codeRateLimit = perMemberRateLimit(20, '15 minutes');
const withdrawalRateLimit = perMemberRateLimit(60, '15 minutes');

export const withdrawalsRoutes: FastifyPluginAsyncZod = async (app) => {
  // POST /otp/withdrawal/request has an empty body, sent with or without a JSON content type.
  const json = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '') done(null, undefined);
    else json(request, String(body), done);
  });

  app.post(
    '/otp/withdrawal/request',
    {
      config: { access: 'member', caller: callerAccount, rateLimit: codeRateLimit },
      schema: {
        tags: ['withdrawals'],
        summary: 'E-mail a 6-digit code that authorises one withdrawal (valid 10 minutes)',
        description:
          'With `{ amount, walletAddress }` the withdrawal is checked first and refused, with no code sent, as `POST /withdrawals` would refuse it (ACCOUNT_NOT_ACTIVE, TOO_MANY_PENDING_WITHDRAWALS, WALLET_ADDRESS_IN_USE, INSUFFICIENT_BALANCE).',
        security: [{ bearer: [] }],
        body: otpRequestSchema,
        response: { 200: envelopeSchema(otpRequestResultSchema), 409: errorEnvelopeSchema },
      },
    },
    async (request) => {
      const { amount, walletAddress } = request.body ?? {};
      const intent = amount !== undefined && walletAddress !== undefined ? { amount, walletAddress } : undefined;
      const result = await requestWithdrawalCode(app.context, callerAccount.of(request), intent);
      return ok(result, 'A code was sent to your e-mail address');
    },
  );

  app.post(
    '/otp/withdrawal/verify',
    {
      config: { access: 'member', rateLimit: codeRateLimit },
      schema: {
        tags: ['withdrawals'],
        summary: 'Verify the e-mailed code (5 tries)',
        security: [{ bearer: [] }],
        body: verifyOtpRequestSchema,
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (request) => {
      await verifyWithdrawalCode(app.context, request.currentUser.id, request.body.otp);
      return ok(null, 'Code verified');
    },
  );

  app.get(
    '/otp/withdrawal/status',
    {
      config: { access: 'member' },
      schema: {
        tags: ['withdrawals'],
        summary: 'Whether a code is waiting or verified, and until when',
        security: [{ bearer: [] }],
        response: { 200: envelopeSchema(otpStatusSchema) },
      },
    },
    async (request) => ok(await viewWithdrawalCodeStatus(app.context, request.currentUser.id), 'Code status'),
  );

  app.post(
    '/withdrawals',
    {
      config: { access: 'member', caller: callerAccount, rateLimit: withdrawalRateLimit },
      schema: {
        tags: ['withdrawals'],
        summary: 'Request a withdrawal with a verified code: the amount is held on your balance',
        security: [{ bearer: [] }],
        body: createWithdrawalRequestSchema,
        response: { 200: envelopeSchema(withdrawalSchema), 409: errorEnvelopeSchema },
      },
    },
    async (request) =>
      ok(await createWithdrawal(app.context, callerAccount.of(request), request.body), 'Withdrawal request submitted'),
  );

  app.get(
    '/withdrawals',
    {
      config: { access: 'member' },
      schema: {
        tags: ['withdrawals'],
        summary: 'A page of your withdrawals, newest first',
        security: [{ bearer: [] }],
        querystring: withdrawalsQuerySchema,
        response: { 200: envelopeSchema(memberWithdrawalsSchema) },
      },
    },
    async (request) =>
      ok(await viewMemberWithdrawals(app.context, request.currentUser.id, request.query), 'Withdrawals'),
  );

  app.get(
    '/withdrawals/:id',
    {
      config: { access: 'member' },
      schema: {
        tags: ['withdrawals'],
        summary: 'One of your withdrawals',
        security: [{ bearer: [] }],
        params: idParams,
        response: { 200: envelopeSchema(withdrawalSchema) },
      },
    },
    async (request) =>
      ok(await viewMemberWithdrawal(app.context, request.currentUser.id, request.params.id), 'Withdrawal'),
  );

  app.get(
    '/withdrawals/admin/all',
    {
      config: { access: { permission: 'withdrawals.read' } },
      schema: {
        tags: ['withdrawals'],
        summary: "Every member's withdrawals with search, sort and the statistics of all",
        security: [{ bearer: [] }],
        querystring: adminWithdrawalsQuerySchema,
        response: { 200: envelopeSchema(adminWithdrawalsSchema) },
      },
    },
    async (request) => ok(await listWithdrawalsForReview(app.context, request.query), 'Withdrawals'),
  );

  app.get(
    '/withdrawals/admin/user/:userId',
    {
      config: { access: { permission: 'withdrawals.read' } },
      schema: {
        tags: ['withdrawals'],
        summary: "One member's withdrawals",
        security: [{ bearer: [] }],
        params: z.object({ userId: z.uuid({ error: 'userId must be a member id' }) }),
        querystring: adminWithdrawalsQuerySchema,
        response: { 200: envelopeSchema(adminWithdrawalsSchema) },
      },
    },
    async (request) =>
      ok(await listMemberWithdrawalsForReview(app.context, request.params.userId, request.query), 'Withdrawals'),
  );

  app.get(
    '/withdrawals/admin/:id',
    {
      config: { access: { permission: 'withdrawals.read' } },
      schema: {
        tags: ['withdrawals'],
        summary: "A withdrawal with the member's balance and latest ledger entries",
        security: [{ bearer: [] }],
        params: idParams,
        response: { 200: envelopeSchema(withdrawalReviewSchema) },
      },
    },
    async (request) => ok(await viewWithdrawalForReview(app.context, request.params.id), 'Withdrawal'),
  );

  app.post(
    '/withdrawals/admin/:id/release-payment',
    {
      config: { access: { permission: 'withdrawals.decide' } },
      schema: {
        tags: ['withdrawals'],
        summary: 'Release a payment claim left standing, once the chain shows no payment of the withdrawal',
        security: [{ bearer: [] }],
        params: idParams,
        response: { 200: envelopeSchema(paymentReleaseSchema), 409: errorEnvelopeSchema },
      },
    },
    async (request) => {
      const release = await releaseWithdrawalPayment(app.context, requestingAdministrator(request), request.params.id);
      return ok(release, release.released ? 'Payment claim released' : 'No payment was under way');
    },
  );

  app.put(
    '/withdrawals/:id',
    {
      config: { access: { permission: 'withdrawals.decide' } },
      schema: {
        tags: ['withdrawals'],
        summary: 'Approve (with the payment transaction), reject (with a reason) or block a pending withdrawal',
        security: [{ bearer: [] }],
        params: idParams,
        body: withdrawalDecisionSchema,
        response: { 200: envelopeSchema(withdrawalSchema), 409: errorEnvelopeSchema },
      },
    },
    async (request) => {
      const withdrawal = await decideWithdrawal(
        app.context,
        requestingAdministrator(request),
        request.params.id,
        request.body,
      );
      return ok(withdrawal, `Withdrawal ${withdrawal.status.toLowerCase().replace('_', ' ')}`);
    },
  );
};
