import { envelopeSchema } from '@uplink/contract/envelope';
import {
  notificationPreferencesSchema,
  notificationPreferencesUpdateSchema,
  notificationTexts,
  unsubscribeLinkSchema,
  unsubscribeLinkStateSchema,
  unsubscribeResultSchema,
} from '@uplink/contract/notifications';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope';
import { unsubscribeByLink, viewUnsubscribeLink } from './notice-unsubscribe';
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

  const linkAccess = { access: 'public', rateLimit: { max: 30, timeWindow: 60_000 } } as const;

  app.get(
    '/users/notifications/unsubscribe',
    {
      config: linkAccess,
      schema: {
        tags: ['users'],
        summary: "What a notice's signed unsubscribe link turns off, and whether it is on; changes nothing",
        querystring: unsubscribeLinkSchema,
        response: { 200: envelopeSchema(unsubscribeLinkStateSchema) },
      },
    },
    async (request) => ok(await viewUnsubscribeLink(app.context, request.query), 'Unsubscribe link'),
  );

  app.post(
    '/users/notifications/unsubscribe',
    {
      config: linkAccess,
      schema: {
        tags: ['users'],
        summary: "One-click unsubscribe (RFC 8058): turns a notice off with its mail's signed link, without signing in",
        querystring: unsubscribeLinkSchema,
        response: { 200: envelopeSchema(unsubscribeResultSchema) },
      },
    },
    async (request) => ok(await unsubscribeByLink(app.context, request.query), 'Unsubscribed'),
  );
};
