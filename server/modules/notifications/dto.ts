import { z } from 'zod';
import type { NotificationItem } from '../../../shared/notification.js';
import type { NotificationsTable } from '../../db/schema.js';
import type { Language } from '../../i18n/language.js';
import { wordNotification } from './messages.js';

/** A notification as its reader sees it, worded in her language (times in the clinic's zone). */
export const toNotificationDto = (row: NotificationsTable, language: Language, zone: string): NotificationItem => ({
  _id: row.id,
  event: row.event,
  ...wordNotification(row, language, zone),
  link: row.link,
  read: row.read_at !== null,
  createdAt: row.created_at,
});

export const notificationSchema = z.object({
  _id: z.string(),
  event: z.string(),
  title: z.string(),
  body: z.string(),
  link: z.string(),
  read: z.boolean(),
  createdAt: z.string(),
}) satisfies z.ZodType<NotificationItem>;

export const notificationListSchema = z.object({ notifications: z.array(notificationSchema), unread: z.number() });

export const preferenceSchema = z.object({ event: z.string(), label: z.string(), email: z.boolean() });
export const preferencesSchema = z.object({ preferences: z.array(preferenceSchema) });

/**
 * `POST notifications/read` (JSON): some ids, or all. The fields are declared for the document and
 * taken as sent: the center checks them against her own notifications, in words about notifications.
 */
export const markReadBody = z.looseObject({
  ids: z
    .unknown()
    .optional()
    .meta({ type: 'array', items: { type: 'string' }, description: 'Ids of her notifications (at most 100)' }),
  all: z.unknown().optional().meta({ type: 'boolean', description: 'true marks every notification read' }),
});

/** `PATCH notifications/preferences` (JSON): event → whether it also comes by email (or the map itself). */
export const preferencesBody = z.looseObject({
  preferences: z
    .unknown()
    .optional()
    .meta({ type: 'object', additionalProperties: { type: 'boolean' }, description: 'Event name → true or false' }),
});
