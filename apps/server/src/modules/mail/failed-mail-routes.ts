import {
  failedMailsQuerySchema,
  failedMailsSchema,
  failedMailTexts,
  resentMailSchema,
} from '@uplink/contract/admin-mail';
import { envelopeSchema, errorEnvelopeSchema } from '@uplink/contract/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope';
import { idParams } from '../../http/id-params';
import { requestingAdministrator } from '../audit/requesting-administrator';
import { resendFailedMail } from './resend-failed-mail';
import { viewFailedMail } from './view-failed-mail';

/** Failed mail (issue 42): what could not be delivered, and sending it again. */
export const failedMailRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/mail/failed',
    {
      config: { access: { permission: 'mail.read' } },
      schema: {
        tags: ['admin'],
        summary: 'The e-mails given up on, newest failure first',
        description:
          'Kind, recipient, attempts, last error and when it failed. The recipient is in full for a role holding `members.manage`, masked (`j•••@example.com`, `recipientMasked`) for the others.',
        security: [{ bearer: [] }],
        querystring: failedMailsQuerySchema,
        response: { 200: envelopeSchema(failedMailsSchema) },
      },
    },
    async (request) => ok(await viewFailedMail(app.context, requestingAdministrator(request).role, request.query)),
  );

  app.post(
    '/admin/mail/:id/resend',
    {
      config: { access: { permission: 'mail.resend' } },
      schema: {
        tags: ['admin'],
        summary: 'Send a failed e-mail again: back in the outbox, due now, with fresh attempts',
        description:
          'Only a FAILED mail: any other is MAIL_NOT_FAILED (of two resends at once, one queues it, the other is refused). A link or code that has expired is MAIL_CONTENT_EXPIRED. Audited (MAIL_RESENT).',
        security: [{ bearer: [] }],
        params: idParams,
        response: { 200: envelopeSchema(resentMailSchema), 404: errorEnvelopeSchema, 409: errorEnvelopeSchema },
      },
    },
    async (request) =>
      ok(
        await resendFailedMail(app.context, requestingAdministrator(request), request.params.id),
        failedMailTexts.resent,
      ),
  );
};
