import type { Kysely } from 'kysely';
import type { Database, NotificationsTable } from '../../db/schema.js';
import { newId } from '../../lib/ids.js';
import { asLanguage } from '../../i18n/language.js';
import { nowIso } from '../../lib/time.js';
import type { MailMessage } from '../../mail/mailer.js';
import { mails } from '../../mail/templates.js';
import { userRoom } from '../../realtime/rooms.js';
import type { App } from '../../types.js';
import { toNotificationDto } from './dto.js';
import { eventSettings, isNotificationEvent, type NotificationEvent } from './events.js';
import { wordNotification, type NotificationMessage } from './messages.js';
import { notificationsRepository } from './repository.js';
import { linkBase } from '../../config.js';

export interface NotificationInput {
  userId: string;
  event: NotificationEvent;
  /** The English words, stored as they are. */
  title: string;
  body?: string;
  link?: string;
  /** The same as facts, so other languages can word it when it is read (see messages.ts). */
  message?: NotificationMessage;
}

/**
 * Step one, inside the transaction of the change: store the notifications, so they exist exactly
 * when the change does. Returns the rows to hand to `deliverNotifications` after the commit.
 */
export async function recordNotifications(trx: Kysely<Database>, inputs: NotificationInput[], now: string = nowIso()): Promise<NotificationsTable[]> {
  if (inputs.length === 0) return [];
  const rows = inputs.map((input) => ({
    id: newId(),
    user_id: input.userId,
    event: input.event,
    title: input.title,
    body: input.body ?? '',
    link: input.link ?? '',
    message: input.message ? JSON.stringify(input.message) : null,
    read_at: null,
    created_at: now,
  }));
  await notificationsRepository(trx).insert(rows);
  return rows;
}

/**
 * Step two, after the commit: push each notification to its person's open tabs, then email the
 * ones their people chose to get by email. Never inside a transaction (with Redis the push is a
 * network call, and mail always is), and a push or email that fails loses nothing: the row is stored
 * and the bell reads it on the next load. The returned promise settles when the emails were handed
 * over (or failed and were logged); it never rejects, so callers may leave it running.
 */
export function deliverNotifications(app: App, rows: NotificationsTable[], ownMails: ReadonlyMap<string, MailMessage> = new Map()): Promise<void> {
  if (rows.length === 0) return Promise.resolve();
  return recipientsOf(app, rows)
    .catch((error: unknown) => {
      app.log.warn({ err: error }, 'notification recipients could not be read; pushing in English, no emails');
      return undefined;
    })
    .then(async (recipients) => {
      // A push tells of a commit: it leaves only once that commit is on disk.
      await app.durability.settled();
      push(app, rows, recipients);
      if (recipients) await emailNotifications(app, rows, recipients, ownMails);
    })
    .catch((error: unknown) => app.log.warn({ err: error }, 'notification emails could not be prepared'));
}

type Recipients = Awaited<ReturnType<typeof recipientsOf>>;

/** The people told, with their language, and their email choices. */
async function recipientsOf(app: App, rows: NotificationsTable[]) {
  const repo = notificationsRepository(app.db);
  const userIds = [...new Set(rows.map((r) => r.user_id))];
  const [people, choices] = await Promise.all([repo.recipients(userIds), repo.preferencesOf(userIds)]);
  return {
    byId: new Map(people.map((p) => [p.id, { ...p, language: asLanguage(p.language) }])),
    choice: new Map(choices.map((c) => [`${c.user_id}:${c.event}`, Number(c.email)])),
  };
}

/** Each notification to its person's open tabs, worded in her language. */
function push(app: App, rows: NotificationsTable[], recipients: Recipients | undefined) {
  for (const row of rows) {
    try {
      const language = recipients?.byId.get(row.user_id)?.language ?? 'en';
      app.io.to(userRoom(row.user_id)).emit('notification', toNotificationDto(row, language, app.config.clinicTimeZone));
    } catch (error) {
      app.log.warn({ err: error, notification: row.id }, 'notification push failed; it stays in the bell');
    }
  }
}

/** Whether a person gets this event by email: her stored choice, else the event's default. */
export function wantsEmail(event: string, stored: number | undefined): boolean {
  if (stored !== undefined) return Number(stored) === 1;
  return isNotificationEvent(event) ? eventSettings[event].email : false;
}

/**
 * `ownMails` holds, by notification id, a mail written for that event (such as a cancellation with
 * its calendar file): it goes instead of the generic one, under the same choice and checks.
 */
async function emailNotifications(
  app: App,
  rows: NotificationsTable[],
  { byId, choice }: Recipients,
  ownMails: ReadonlyMap<string, MailMessage>,
): Promise<void> {
  const base = linkBase(app.config);
  for (const row of rows) {
    const person = byId.get(row.user_id);
    // An unverified address may be someone else's (a typo at sign-up): it gets no notifications.
    // A suspended account gets none either. Accounts without a security row count as verified.
    if (!person || person.status === 'suspended' || Number(person.email_verified ?? 1) === 0) continue;
    if (!wantsEmail(row.event, choice.get(`${row.user_id}:${row.event}`))) continue;
    const message =
      ownMails.get(row.id) ??
      mails.notification(person.language, {
        clinic: app.config.clinicName,
        to: person.email,
        name: person.name,
        ...wordNotification(row, person.language, app.config.clinicTimeZone),
        url: row.link ? `${base}${row.link}` : undefined,
        settingsUrl: `${base}/settings/notifications`,
      });
    try {
      await app.mailer.send(message);
    } catch (error) {
      app.log.warn({ err: error, notification: row.id }, 'notification email not sent; it stays in the bell');
    }
  }
}
