import { accountMessages } from '@uplink/contract/accounts';
import {
  adminTotpTexts,
  totpConfirmRequestSchema,
  totpDisabledSchema,
  totpEnabledSchema,
  totpEnrolmentSchema,
  totpRemovalRequestSchema,
  totpSignInRequestSchema,
  totpStatusSchema,
} from '@uplink/contract/admin-totp';
import { envelopeSchema, errorEnvelopeSchema } from '@uplink/contract/envelope';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerAccount } from '../../http/caller-view';
import { ok } from '../../http/envelope';
import { perMemberRateLimit } from '../../http/member-rate-limit';
import { signInResponses } from '../accounts/sign-in-responses';
import type { ActingAdministrator } from './acting-administrator';
import { completeTotpSignIn } from './complete-totp-sign-in';
import { confirmTotpEnrolment } from './confirm-totp-enrolment';
import { removeTotp } from './remove-totp';
import { startTotpEnrolment } from './start-totp-enrolment';
import { viewTotpStatus } from './view-totp-status';

const failed = errorEnvelopeSchema;
const bearer = [{ bearer: [] }];

const actingAdministrator = (request: FastifyRequest): ActingAdministrator => ({
  user: callerAccount.of(request),
  ipAddress: request.ip,
  requestId: request.id,
});

/** An administrator's own second factor (TOTP), and the code step of their sign-in. */
export const adminTotpRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.context;
  const { authPerMinute } = deps.config.rateLimits;
  // Calls that check a code are counted per administrator, as sign-in is per address.
  const perAdministrator = {
    access: { permission: 'own-totp.manage' as const },
    caller: callerAccount,
    rateLimit: perMemberRateLimit(authPerMinute, 60_000),
  };

  app.get(
    '/admin/totp',
    {
      config: { access: { permission: 'own-totp.manage' } },
      schema: {
        tags: ['admin'],
        summary: 'Whether the signed-in administrator signs in with TOTP, and the recovery codes left',
        security: bearer,
        response: { 200: envelopeSchema(totpStatusSchema), 401: failed, 403: failed },
      },
    },
    async (request) => ok(await viewTotpStatus(deps, request.currentUser.id)),
  );

  app.post(
    '/admin/totp/enrolment',
    {
      config: { access: { permission: 'own-totp.manage' }, caller: callerAccount },
      schema: {
        tags: ['admin'],
        summary: 'Start turning TOTP on: a new secret as an otpauth URI, a QR code (SVG data URL) and base32',
        security: bearer,
        response: { 200: envelopeSchema(totpEnrolmentSchema), 400: failed, 401: failed, 403: failed },
      },
    },
    async (request) => ok(await startTotpEnrolment(deps, callerAccount.of(request)), adminTotpTexts.enrolmentStarted),
  );

  app.post(
    '/admin/totp/enrolment/confirm',
    {
      config: perAdministrator,
      schema: {
        tags: ['admin'],
        summary:
          'Turn TOTP on with the first code of the authenticator; answers the recovery codes, once, and the token this session goes on with (every other session ends)',
        security: bearer,
        body: totpConfirmRequestSchema,
        response: { 200: envelopeSchema(totpEnabledSchema), 400: failed, 401: failed, 403: failed, 429: failed },
      },
    },
    async (request) =>
      ok(await confirmTotpEnrolment(deps, actingAdministrator(request), request.body.code), adminTotpTexts.enabled),
  );

  app.delete(
    '/admin/totp',
    {
      config: perAdministrator,
      schema: {
        tags: ['admin'],
        summary:
          'Turn TOTP off with a current code or a recovery code; answers the token this session goes on with (every other session ends)',
        security: bearer,
        body: totpRemovalRequestSchema,
        response: {
          200: envelopeSchema(totpDisabledSchema),
          400: failed,
          401: failed,
          403: failed,
          423: failed,
          429: failed,
        },
      },
    },
    async (request) =>
      ok(await removeTotp(deps, actingAdministrator(request), request.body.code), adminTotpTexts.disabled),
  );

  app.post(
    '/users/login/totp',
    {
      config: { access: 'public', rateLimit: { max: authPerMinute, timeWindow: 60_000 } },
      schema: {
        tags: ['accounts'],
        summary: 'Finish an administrator sign-in: the challenge of TOTP_REQUIRED and a code or a recovery code',
        body: totpSignInRequestSchema,
        response: signInResponses,
      },
    },
    async (request) => ok(await completeTotpSignIn(deps, request.body), accountMessages.signedIn),
  );
};
