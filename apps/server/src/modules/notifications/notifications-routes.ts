import { envelopeSchema } from '@uplink/contract/envelope';
import {
  notificationPreferencesSchema,
  notificationPreferencesUpdateSchema,
  notificationTexts,
} from '@uplink/contract/notifications';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope';
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
};
