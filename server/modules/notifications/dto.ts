import type { NotificationsTable } from '../../db/schema.js';

export interface NotificationDto {
  _id: string;
  event: string;
  title: string;
  body: string;
  link: string;
  read: boolean;
  createdAt: string;
}

export const toNotificationDto = (row: NotificationsTable): NotificationDto => ({
  _id: row.id,
  event: row.event,
  title: row.title,
  body: row.body,
  link: row.link,
  read: row.read_at !== null,
  createdAt: row.created_at,
});
