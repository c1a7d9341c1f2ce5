import { type Language } from '../../i18n/language.js';
import { clinicWhen, describeSlotIn } from '../../i18n/dates.js';
import type { NotificationsTable } from '../../db/schema.js';
import type { MailMessage } from '../../mail/mailer.js';
import type { App } from '../../types.js';
import { deliverNotifications } from '../notifications/service.js';
import { linkBase } from '../../config.js';

/**
 * What a change has to tell people once it is committed: stored notifications to push, mails that
 * stand for one of those notifications (sent only if its person wants that event by email), and
 * mails always sent (the confirmation of her own action).
 */
export interface Announcements {
  notifications: NotificationsTable[];
  mails: MailMessage[];
  /** Notification id → the mail written for it, which replaces the generic notification email. */
  notificationMails?: Array<[string, MailMessage]>;
}

export const noAnnouncements = (): Announcements => ({ notifications: [], mails: [] });

export const mergeAnnouncements = (...all: Announcements[]): Announcements => ({
  notifications: all.flatMap((a) => a.notifications),
  mails: all.flatMap((a) => a.mails),
  notificationMails: all.flatMap((a) => a.notificationMails ?? []),
});

/**
 * After the commit: pushes the notifications and sends the mails. A mail that cannot be sent is
 * logged and does not undo the change; the person still has the notification in the bell.
 */
export async function announce(app: App, announcements: Announcements): Promise<void> {
  await deliverNotifications(app, announcements.notifications, new Map(announcements.notificationMails));
  await Promise.all(
    announcements.mails.map((mail) =>
      app.mailer.send(mail).catch((error: unknown) => app.log.warn({ err: error, to: mail.to, subject: mail.subject }, 'appointment mail could not be sent')),
    ),
  );
}

/** The address links in mails and notifications point at: PUBLIC_URL, never the request's Host. */
export const portalUrl = (app: App, pathname: string) => `${linkBase(app.config)}${pathname}`;

export const doctorPagePath = (doctorName: string) => `/doctor/${encodeURIComponent(doctorName)}`;

/** "with Dr. X on 2027-01-15 at 10:30 (Cairo time)": a slot as people read it, in the clinic's zone and her language. */
export const describeSlot = (zone: string, doctorName: string, startsAt: string, language: Language = 'en'): string =>
  describeSlotIn(language, zone, doctorName, startsAt);

/** A slot's clinic date and time alone, "2027-01-15 at 10:30". */
export const slotWhen = (zone: string, startsAt: string, language: Language = 'en'): string => clinicWhen(language, zone, startsAt);
