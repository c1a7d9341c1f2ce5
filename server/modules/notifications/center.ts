import type { z } from 'zod';
import { badRequest } from '../../lib/errors.js';
import { asLanguage } from '../../i18n/language.js';
import { nowIso } from '../../lib/time.js';
import type { Viewer } from '../../plugins/auth.js';
import type { App } from '../../types.js';
import { noSuchNotification, toNotificationDto, type markReadBody, type preferencesBody } from './dto.js';
import { eventSettings, eventsForRole } from './events.js';
import { notificationsRepository } from './repository.js';
import { wantsEmail } from './service.js';

/** How many notifications the bell shows: the newest ones; older ones stay stored. */
export const LATEST_NOTIFICATIONS = 30;

type MarkRead = z.output<typeof markReadBody>;
type PreferenceEntries = z.output<typeof preferencesBody>;

/** The bell and the email settings of the signed-in person; every query is limited to her own rows. */
export function notificationCenter(app: App) {
  const repo = notificationsRepository(app.db);

  async function list(viewer: Viewer) {
    const [rows, unread, language] = await Promise.all([repo.latest(viewer.id, LATEST_NOTIFICATIONS), repo.unreadCount(viewer.id), repo.languageOf(viewer.id)]);
    return { notifications: rows.map((row) => toNotificationDto(row, asLanguage(language), app.config.clinicTimeZone)), unread };
  }

  async function preferences(viewer: Viewer) {
    const stored = new Map((await repo.preferences(viewer.id)).map((p) => [p.event, Number(p.email)]));
    return {
      preferences: eventsForRole(viewer.role).map((event) => ({ event, label: eventSettings[event].label, email: wantsEmail(event, stored.get(event)) })),
    };
  }

  return {
    list,
    preferences,

    /** `{ ids: [...] }` marks those of hers read (ids of others change nothing); `{ all: true }` marks all. */
    async markRead(viewer: Viewer, body: MarkRead) {
      await repo.markRead(viewer.id, body.all ? undefined : body.ids, nowIso());
      return { message: 'Marked as read', ...(await list(viewer)) };
    },

    /** Event → email on or off, for the events of her role only. */
    async savePreferences(viewer: Viewer, entries: PreferenceEntries) {
      const allowed = eventsForRole(viewer.role);
      const foreign = entries.find(([event]) => !allowed.includes(event));
      if (foreign) throw badRequest(noSuchNotification(foreign[0]));
      const now = nowIso();
      for (const [event, value] of entries) await repo.savePreference(viewer.id, event, value ? 1 : 0, now);
      return { message: 'Your notification settings are saved', ...(await preferences(viewer)) };
    },
  };
}
