import {
  accountMessages,
  changePasswordRequestSchema,
  changePasswordResultSchema,
  emailRequestSchema,
  loginRequestSchema,
  memberProfileSchema,
  optionalEmailRequestSchema,
  registerRequestSchema,
  registrationResultSchema,
  resetPasswordRequestSchema,
  tokenRequestSchema,
} from '@uplink/contract/accounts';
import { adminTotpTexts } from '@uplink/contract/admin-totp';
import { envelopeSchema, errorEnvelopeSchema } from '@uplink/contract/envelope';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerAccount } from '../../http/caller-view';
import { failure, ok } from '../../http/envelope';
import { errorStatuses } from '../../http/error-statuses';
import { perMemberRateLimit } from '../../http/member-rate-limit';
import { changePassword } from './change-password';
import { memberProfile, memberProfileCaller } from './member-profile';
import { registerMember } from './register-member';
import { requestPasswordReset } from './request-password-reset';
import { resetPassword } from './reset-password';
import { sendVerificationEmail } from './send-verification-email';
import { type SecondFactor, signIn } from './sign-in';
import { signInResponses } from './sign-in-responses';
import { verifyEmail } from './verify-email';

const messageOnly = envelopeSchema(z.null());
const failed = errorEnvelopeSchema;
const bearer = [{ bearer: [] }];
const perMinute = (max: number) => ({ rateLimit: { max, timeWindow: 60_000 } });

/** The accounts API: registration, sign-in, e-mail verification and passwords. */
export const accountsRoutes: FastifyPluginAsyncZod<{ secondFactor: SecondFactor }> = async (app, { secondFactor }) => {
  const deps = app.context;
  const { config } = deps;
  const authLimit = perMinute(config.rateLimits.authPerMinute);
  const mailLimit = perMinute(config.rateLimits.mailPerMinute);

  /** Verification mails may be asked for with a session or, before sign-in is possible, with an address. */
  async function sessionIfPresent(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    if (request.headers.authorization) await app.authenticate(request, reply);
  }

  app.post(
    '/users/register',
    {
      config: { access: 'public', ...authLimit },
      schema: {
        tags: ['accounts'],
        summary: 'Register with the referral code of an existing member',
        body: registerRequestSchema,
        response: {
          201: envelopeSchema(registrationResultSchema).extend({ requiresVerification: z.literal(true) }),
          400: failed,
          409: failed,
          429: failed,
          500: failed,
        },
      },
    },
    async (request, reply) => {
      const registered = await registerMember(deps, request.body, request.ip);
      return reply.status(201).send({ ...ok(registered, accountMessages.registered), requiresVerification: true });
    },
  );

  app.post(
    '/users/login',
    {
      config: { access: 'public', ...authLimit },
      schema: {
        tags: ['accounts'],
        summary:
          'Sign in with e-mail and password; an administrator with TOTP gets TOTP_REQUIRED and a challenge for POST /users/login/totp',
        body: loginRequestSchema,
        response: signInResponses,
      },
    },
    async (request, reply) => {
      const outcome = await signIn(deps, secondFactor, request.body);
      if ('session' in outcome) return ok(outcome.session, accountMessages.signedIn);
      // A right password, so nothing thrown: the refusal carries the challenge the code goes with.
      const challenge = { challengeToken: outcome.totpChallenge };
      return reply
        .status(errorStatuses.TOTP_REQUIRED as 401)
        .send(failure('TOTP_REQUIRED', adminTotpTexts.signInRequired, challenge));
    },
  );

  app.get(
    '/users/profile',
    {
      config: { access: 'member', caller: memberProfileCaller },
      schema: {
        tags: ['accounts'],
        summary: 'The signed-in member',
        security: bearer,
        response: { 200: envelopeSchema(memberProfileSchema), 401: failed },
      },
    },
    async (request) => ok(memberProfile(memberProfileCaller.of(request), config.subscription, app.context.clock.now())),
  );

  for (const path of ['/users/send-verification-email', '/users/resend-verification-email']) {
    app.post(
      path,
      {
        config: { access: 'public', ...mailLimit },
        preHandler: sessionIfPresent,
        schema: {
          tags: ['accounts'],
          summary:
            'Send a new verification link (to the signed-in user, or to the given e-mail: same answer whether or not it is registered or verified)',
          security: [{ bearer: [] }, {}],
          body: optionalEmailRequestSchema.optional(),
          // With a session, the session's own refusals: 401, 403 ACCOUNT_DISABLED, 423 ACCOUNT_LOCKED.
          response: { 200: messageOnly, 400: failed, 401: failed, 403: failed, 423: failed, 429: failed },
        },
      },
      async (request) => {
        const signedInUser = request.headers.authorization ? callerAccount.of(request) : undefined;
        await sendVerificationEmail(deps, { signedInUser, email: request.body?.email });
        return ok(null, accountMessages.verificationSent);
      },
    );
  }

  app.post(
    '/users/verify-email',
    {
      config: { access: 'public' },
      schema: {
        tags: ['accounts'],
        summary: 'Use the token of a verification link',
        body: tokenRequestSchema,
        response: { 200: messageOnly, 400: failed },
      },
    },
    async (request) => {
      await verifyEmail(deps, request.body.token);
      return ok(null, accountMessages.emailVerified);
    },
  );

  app.post(
    '/users/forgot-password',
    {
      config: { access: 'public', ...mailLimit },
      schema: {
        tags: ['accounts'],
        summary: 'Send a password reset link (same answer whether or not the e-mail is registered)',
        body: emailRequestSchema,
        response: { 200: messageOnly, 400: failed, 429: failed },
      },
    },
    async (request) => {
      await requestPasswordReset(deps, request.body.email);
      return ok(null, accountMessages.resetLinkSent);
    },
  );

  app.post(
    '/users/reset-password',
    {
      config: { access: 'public', ...authLimit },
      schema: {
        tags: ['accounts'],
        summary: 'Set a new password with the token of a reset link',
        body: resetPasswordRequestSchema,
        response: { 200: messageOnly, 400: failed, 403: failed, 429: failed },
      },
    },
    async (request) => {
      await resetPassword(deps, request.body);
      return ok(null, accountMessages.passwordReset);
    },
  );

  app.put(
    '/users/change-password',
    {
      // Counted per member (each call may check a password), as sign-in is per address.
      config: {
        access: 'member',
        caller: callerAccount,
        rateLimit: perMemberRateLimit(config.rateLimits.authPerMinute, 60_000),
      },
      schema: {
        tags: ['accounts'],
        summary: 'Change the password of the signed-in user',
        security: bearer,
        body: changePasswordRequestSchema,
        response: {
          200: envelopeSchema(changePasswordResultSchema),
          400: failed,
          401: failed,
          403: failed,
          423: failed,
          429: failed,
        },
      },
    },
    async (request) => {
      const result = await changePassword(deps, callerAccount.of(request), request.body);
      return ok(result, accountMessages.passwordChanged);
    },
  );
};
