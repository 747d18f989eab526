import { envelopeSchema } from '@uplink/contract/envelope';
import {
  noticeKinds,
  notificationPreferencesSchema,
  notificationPreferencesUpdateSchema,
  notificationTexts,
} from '@uplink/contract/notifications';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../http/envelope';
import { unsubscribeByLink } from './notice-unsubscribe';
import { updateNotificationPreferences, viewNotificationPreferences } from './notification-preferences';

export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/users/notifications',
    {
      config: { access: 'member' },
      schema: {
        tags: ['users'],
        summary: 'Your notice switches, one per kind of notice (essential mail has none)',
        security: [{ bearer: [] }],
        response: { 200: envelopeSchema(notificationPreferencesSchema) },
      },
    },
    async (request) => ok(await viewNotificationPreferences(app.context, request.currentUser.id), 'Notice settings'),
  );

  app.put(
    '/users/notifications',
    {
      config: { access: 'member' },
      schema: {
        tags: ['users'],
        summary: 'Turn notices on or off; the kinds not named keep their setting',
        security: [{ bearer: [] }],
        body: notificationPreferencesUpdateSchema,
        response: { 200: envelopeSchema(notificationPreferencesSchema) },
      },
    },
    async (request) =>
      ok(
        await updateNotificationPreferences(app.context, request.currentUser.id, request.body),
        notificationTexts.saved,
      ),
  );

  // A mail client's one-click POST (RFC 8058) sends the form `List-Unsubscribe=One-Click`: read and ignored.
  app.addContentTypeParser(
    ['application/x-www-form-urlencoded', 'multipart/form-data'],
    { parseAs: 'string' },
    (_request, body, done) => done(null, body),
  );

  app.post(
    '/users/notifications/unsubscribe',
    {
      config: { access: 'public', rateLimit: { max: 30, timeWindow: 60_000 } },
      schema: {
        tags: ['users'],
        summary: "One-click unsubscribe (RFC 8058): turns a notice off with its mail's signed link, without signing in",
        querystring: z.strictObject({
          m: z.uuid({ error: 'The link names no member' }),
          k: z.enum(noticeKinds, { error: 'The link names no notice' }),
          s: z.string().regex(/^[0-9a-f]{64}$/, 'The link has no valid signature'),
        }),
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (request) => {
      await unsubscribeByLink(app.context, request.query);
      return ok(null, 'Unsubscribed');
    },
  );
};
