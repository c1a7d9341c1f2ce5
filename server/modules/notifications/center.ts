import { badRequest } from '../../lib/errors.js';
import { isId } from '../../lib/ids.js';
import { asLanguage } from '../../i18n/language.js';
import { nowIso } from '../../lib/time.js';
import type { Viewer } from '../../plugins/auth.js';
import type { App } from '../../types.js';
import { toNotificationDto } from './dto.js';
import { eventSettings, eventsForRole, isNotificationEvent } from './events.js';
import { notificationsRepository } from './repository.js';
import { wantsEmail } from './service.js';

/** How many notifications the bell shows: the newest ones; older ones stay stored. */
export const LATEST_NOTIFICATIONS = 30;
const MAX_IDS = 100;

const isRecord = (value: unknown): value is Record<string, unknown> => Boolean(value) && typeof value === 'object' && !Array.isArray(value);

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
    async markRead(viewer: Viewer, body: unknown) {
      const input = isRecord(body) ? body : {};
      if (input.all === true || input.all === 'true') {
        await repo.markRead(viewer.id, undefined, nowIso());
      } else {
        const ids = input.ids;
        if (!Array.isArray(ids) || ids.length === 0) throw badRequest('Please say which notifications to mark as read (ids), or all');
        if (ids.length > MAX_IDS) throw badRequest(`At most ${MAX_IDS} notifications can be marked at once`);
        if (!ids.every(isId)) throw badRequest('Each notification id must be one of your notifications');
        await repo.markRead(viewer.id, ids, nowIso());
      }
      return { message: 'Marked as read', ...(await list(viewer)) };
    },

    /** `{ preferences: { event: boolean } }` (or the map itself): the events of her role only. */
    async savePreferences(viewer: Viewer, body: unknown) {
      const input = isRecord(body) && isRecord(body.preferences) ? body.preferences : isRecord(body) ? body : {};
      const allowed = eventsForRole(viewer.role);
      const entries = Object.entries(input);
      if (entries.length === 0) throw badRequest('Please choose which notifications come by email');
      for (const [event, value] of entries) {
        if (!isNotificationEvent(event) || !allowed.includes(event)) throw badRequest(`There is no notification called ${event.slice(0, 60)} for your account`);
        if (typeof value !== 'boolean') throw badRequest(`Say true or false for ${event}`);
      }
      const now = nowIso();
      for (const [event, value] of entries) await repo.savePreference(viewer.id, event, value ? 1 : 0, now);
      return { message: 'Your notification settings are saved', ...(await preferences(viewer)) };
    },
  };
}
