import { z } from 'zod';
import { errorResponses } from '../../lib/schemas.js';
import { allowOnly, requireViewer } from '../../plugins/auth.js';
import type { App } from '../../types.js';
import { notificationCenter } from './center.js';
import { markReadBody, notificationListSchema, preferencesBody, preferencesSchema } from './dto.js';

/** The bell (the signed-in person's own notifications) and her email choices per event. */
export default async function notificationsRoutes(app: App) {
  const center = notificationCenter(app);
  const tags = ['notifications'];
  const security = [{ token: [] }];

  app.get(
    '/notifications',
    {
      schema: {
        tags,
        security,
        summary: 'Her latest 30 notifications, newest first, with read flags, and how many are unread',
        response: { 200: notificationListSchema, ...errorResponses },
      },
    },
    async (request) => center.list(requireViewer(request)),
  );

  app.post(
    '/notifications/read',
    {
      onRequest: allowOnly(),
      schema: {
        tags,
        security,
        summary: 'Marks her notifications read: JSON { "ids": [...] } or { "all": true }',
        body: markReadBody,
        response: { 200: notificationListSchema.extend({ message: z.string() }), ...errorResponses },
      },
    },
    async (request) => center.markRead(requireViewer(request), request.body),
  );

  app.get(
    '/notifications/preferences',
    { schema: { tags, security, summary: 'Which events of her role also come by email', response: { 200: preferencesSchema, ...errorResponses } } },
    async (request) => center.preferences(requireViewer(request)),
  );

  app.patch(
    '/notifications/preferences',
    {
      onRequest: allowOnly(),
      schema: {
        tags,
        security,
        summary: 'Chooses per event whether it also comes by email: JSON { "preferences": { "chat_message": false, ... } }',
        body: preferencesBody,
        response: { 200: preferencesSchema.extend({ message: z.string() }), ...errorResponses },
      },
    },
    async (request) => center.savePreferences(requireViewer(request), request.body),
  );
}
