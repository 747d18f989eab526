import { envelopeSchema, errorEnvelopeSchema } from '@uplink/contract/envelope';
import { safeText } from '@uplink/contract/safe-text';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../http/envelope';
import { refuseUnlessLocal } from '../../http/local-request';
import { listMail } from '../mail/mail-outbox-repository';
import { renderMailboxPage } from './dev-mailbox-page';

const mailboxLimit = 200;

const mailboxQuerySchema = z.object({ to: safeText('Address').trim().max(254).optional() });

const mailboxMessageSchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  /** The extra headers it goes out with (List-Unsubscribe on notices). */
  headers: z.record(z.string(), z.string()),
  status: z.enum(['PENDING', 'SENT', 'FAILED']),
  createdAt: z.string(),
});

/**
 * The local mailbox (the outbox, newest first) for people and browser tests. Registered only when
 * dev tools are on (local mode on a loopback address, or DEV_TOOLS): otherwise neither address
 * exists, and nothing about them (not even input validation) answers. Where it exists it shows
 * reset links and withdrawal codes, so it answers this machine only, never through a proxy.
 */
export const devMailboxRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app.context;
  if (!config.devToolsEnabled) return;

  app.get(
    '/api/dev/mailbox',
    {
      config: { access: 'public' },
      onRequest: refuseUnlessLocal,
      schema: {
        tags: ['dev'],
        summary: 'E-mails sent by the app (local development only)',
        description: "Answers requests from the server's own machine only (loopback, not through a proxy).",
        querystring: mailboxQuerySchema,
        response: {
          200: envelopeSchema(z.object({ messages: z.array(mailboxMessageSchema) })),
          403: errorEnvelopeSchema,
        },
      },
    },
    async (request) => {
      const rows = await listMail(db, request.query.to || undefined, mailboxLimit);
      const messages = rows.map((mail) => ({
        id: mail.id,
        to: mail.to_address,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        headers: mail.headers,
        status: mail.status,
        createdAt: mail.created_at.toISOString(),
      }));
      return ok({ messages });
    },
  );

  app.get(
    '/dev/mailbox',
    { onRequest: refuseUnlessLocal, schema: { hide: true, querystring: mailboxQuerySchema } },
    async (request, reply) => {
      const to = request.query.to || undefined;
      const rows = await listMail(db, to, mailboxLimit);
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(renderMailboxPage(rows, to));
    },
  );
};
