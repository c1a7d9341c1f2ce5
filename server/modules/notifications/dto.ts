import { z } from 'zod';
import type { NotificationItem } from '../../../shared/notification.js';
import type { NotificationsTable } from '../../db/schema.js';
import type { Language } from '../../i18n/language.js';
import { refuse } from '../../lib/form-schema.js';
import { isId } from '../../lib/ids.js';
import { isNotificationEvent, type NotificationEvent } from './events.js';
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

/** How many notifications one call may mark read. */
const MAX_IDS = 100;

const isRecord = (value: unknown): value is Record<string, unknown> => Boolean(value) && typeof value === 'object' && !Array.isArray(value);

/** A JSON field taken as sent (the body's transform checks it), described for the document by `meta`. */
const jsonField = (meta: Record<string, unknown>) => z.unknown().optional().meta(meta);

/**
 * `POST notifications/read` (JSON): some ids, or all. The ids are checked here for their shape
 * only; the center marks only those of her own notifications (others change nothing).
 */
export const markReadBody = z
  .looseObject({
    ids: jsonField({ type: 'array', items: { type: 'string' }, description: 'Ids of her notifications (at most 100)' }),
    all: jsonField({ type: 'boolean', description: 'true marks every notification read' }),
  })
  .transform((input, ctx): { all: true } | { all: false; ids: string[] } => {
    if (input.all === true || input.all === 'true') return { all: true };
    const ids = input.ids;
    if (!Array.isArray(ids) || ids.length === 0) return refuse(ctx, 'Please say which notifications to mark as read (ids), or all');
    if (ids.length > MAX_IDS) return refuse(ctx, `At most ${MAX_IDS} notifications can be marked at once`);
    if (!ids.every(isId)) return refuse(ctx, 'Each notification id must be one of your notifications');
    return { all: false, ids };
  });

/** The refusal for an event that does not exist, or not for her role (the center checks the role). */
export const noSuchNotification = (event: string) => `There is no notification called ${event.slice(0, 60)} for your account`;

/**
 * `PATCH notifications/preferences` (JSON): event → whether it also comes by email (or the map
 * itself), checked entry by entry in the order sent: a known event, then a true or false.
 */
export const preferencesBody = z
  .looseObject({
    preferences: jsonField({ type: 'object', additionalProperties: { type: 'boolean' }, description: 'Event name → true or false' }),
  })
  .transform((body, ctx): [NotificationEvent, boolean][] => {
    const entries = Object.entries(isRecord(body.preferences) ? body.preferences : body);
    if (entries.length === 0) return refuse(ctx, 'Please choose which notifications come by email');
    for (const [event, value] of entries) {
      if (!isNotificationEvent(event)) return refuse(ctx, noSuchNotification(event));
      if (typeof value !== 'boolean') return refuse(ctx, `Say true or false for ${event}`);
    }
    return entries as [NotificationEvent, boolean][];
  });
