import type { Kysely } from 'kysely';
import type { Database, NotificationsTable } from '../../db/schema.js';
import { newId } from '../../lib/ids.js';
import { nowIso } from '../../lib/time.js';
import { userRoom } from '../../realtime/handlers.js';
import type { App } from '../../types.js';
import { toNotificationDto } from './dto.js';
import type { NotificationEvent } from './events.js';
import { notificationsRepository } from './repository.js';

export interface NotificationInput {
  userId: string;
  event: NotificationEvent;
  title: string;
  body?: string;
  link?: string;
}

/**
 * Step one, inside the transaction of the change: store the notifications, so they exist exactly
 * when the change does. Returns the rows to hand to `deliverNotifications` after the commit.
 */
export async function recordNotifications(trx: Kysely<Database>, inputs: NotificationInput[]): Promise<NotificationsTable[]> {
  if (inputs.length === 0) return [];
  const now = nowIso();
  const rows = inputs.map((input) => ({
    id: newId(),
    user_id: input.userId,
    event: input.event,
    title: input.title,
    body: input.body ?? '',
    link: input.link ?? '',
    read_at: null,
    created_at: now,
  }));
  await notificationsRepository(trx).insert(rows);
  return rows;
}

/**
 * Step two, after the commit: push each notification to its person's open tabs. Never inside a
 * transaction (with Redis the push is a network call), and a push that fails loses nothing: the
 * row is stored and the bell reads it on the next load.
 */
export function deliverNotifications(app: App, rows: NotificationsTable[]): void {
  for (const row of rows) {
    try {
      app.io.to(userRoom(row.user_id)).emit('notification', toNotificationDto(row));
    } catch (error) {
      app.log.warn({ err: error, notification: row.id }, 'notification push failed; it stays in the bell');
    }
  }
}
