import { z } from 'zod';
import type { NotificationsTable } from '../../db/schema.js';
import type { Language } from '../../i18n/language.js';
import { wordNotification } from './messages.js';

export interface NotificationDto {
  _id: string;
  event: string;
  title: string;
  body: string;
  link: string;
  read: boolean;
  createdAt: string;
}

/** A notification as its reader sees it, worded in her language (times in the clinic's zone). */
export const toNotificationDto = (row: NotificationsTable, language: Language, zone: string): NotificationDto => ({
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
});

export const notificationListSchema = z.object({ notifications: z.array(notificationSchema), unread: z.number() });

export const preferenceSchema = z.object({ event: z.string(), label: z.string(), email: z.boolean() });
export const preferencesSchema = z.object({ preferences: z.array(preferenceSchema) });
