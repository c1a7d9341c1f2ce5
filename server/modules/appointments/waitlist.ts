import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.js';
import { isId, newId } from '../../lib/ids.js';
import { appointmentMails } from '../../mail/templates.js';
import { asLanguage } from '../../i18n/language.js';
import { clinicTimeOfDay } from '../../i18n/dates.js';
import type { Viewer } from '../../plugins/auth.js';
import type { App } from '../../types.js';
import { recordNotifications } from '../notifications/service.js';
import { announce, describeSlot, doctorPagePath, noAnnouncements, portalUrl, slotWhen, type Announcements } from './announce.js';
import { appointmentsRepository } from './repository.js';
import { waitlistRepository as waitlist } from './waitlist-repository.js';

type Executor = Kysely<Database>;

/** How long a freed slot is held for the waitlisted patient it is offered to. */
export const offerMinutes = 15;
/** A patient may join a doctor's waiting list only when he has no free slot within this many days. */
export const waitlistHorizonDays = 14;
/** How often each instance looks for offers that ran out. */
export const offerPollEveryMs = 20_000;

export interface FreedSlot {
  id: string;
  doctorId: string;
  doctorName: string;
  startsAt: string;
}

/** The page a waitlist offer links to: the doctor's page, which opens the held slot's Reserve (after login). */
export const offerPath = (doctorName: string, slotId: string) => `${doctorPagePath(doctorName)}?offer=${slotId}`;

/**
 * Inside the transaction that freed a slot (a cancellation, a move, a new slot, an offer that ran
 * out): holds it for the first waiting patient of the doctor for `offerMinutes` and tells her.
 * Both the hold and the offer are conditional updates, so a slot is offered to one patient and a
 * patient holds one offer at a time.
 */
export async function offerFreedSlot(app: App, trx: Executor, slot: FreedSlot, now: Date): Promise<Announcements> {
  const zone = app.config.clinicTimeZone;
  const nowText = now.toISOString();
  const until = new Date(now.getTime() + offerMinutes * 60000).toISOString();
  for (const candidate of await waitlist.waiting(trx, slot.doctorId, 5)) {
    if (!(await waitlist.holdSlot(trx, slot.id, candidate.patient_id, until, nowText))) return noAnnouncements();
    if (!(await waitlist.claimForOffer(trx, candidate.id, slot.id, until))) {
      await waitlist.unholdSlot(trx, slot.id, candidate.patient_id);
      continue;
    }
    const what = describeSlot(zone, slot.doctorName, slot.startsAt);
    const untilText = clinicTimeOfDay('en', zone, until);
    const path = offerPath(slot.doctorName, slot.id);
    const notifications = await recordNotifications(trx, [
      {
        userId: candidate.patient_id,
        event: 'waitlist_offer',
        title: `A time freed up ${what}`,
        body: `It is held for you until ${untilText}; reserve it before then or it goes to the next person waiting.`,
        link: path,
        message: { key: 'waitlist_offer', doctor: slot.doctorName, startsAt: slot.startsAt, until },
      },
    ]);
    const language = asLanguage(candidate.patient_language);
    const mail = appointmentMails.waitlistOffer(language, {
      clinic: app.config.clinicName,
      to: candidate.patient_email,
      name: candidate.patient_name,
      what: describeSlot(zone, slot.doctorName, slot.startsAt, language),
      until: clinicTimeOfDay(language, zone, until),
      url: portalUrl(app, path),
    });
    return { notifications, mails: [], notificationMails: [[notifications[0].id, mail]] };
  }
  return noAnnouncements();
}

/**
 * In the transaction of the patient's reservation or of her leaving: she is off the doctor's
 * list; an offer she held for another slot passes to the next patient.
 */
export async function leaveWaitlist(app: App, trx: Executor, doctorId: string, patientId: string, keptSlotId: string | null, now: Date) {
  const removed = await waitlist.remove(trx, doctorId, patientId);
  if (!removed?.offered_slot_id || removed.offered_slot_id === keptSlotId) return { removed: Boolean(removed), announcements: noAnnouncements() };
  if (!(await waitlist.unholdSlot(trx, removed.offered_slot_id, patientId))) return { removed: true, announcements: noAnnouncements() };
  const slot = await freedSlot(trx, removed.offered_slot_id);
  return { removed: true, announcements: slot ? await offerFreedSlot(app, trx, slot, now) : noAnnouncements() };
}

async function freedSlot(db: Executor, slotId: string): Promise<FreedSlot | undefined> {
  const row = await db
    .selectFrom('appointments as a')
    .innerJoin('users as d', 'd.id', 'a.doctor_id')
    .select(['a.id', 'a.doctor_id', 'a.starts_at', 'd.name'])
    .where('a.id', '=', slotId)
    .executeTakeFirst();
  return row && { id: row.id, doctorId: row.doctor_id, doctorName: row.name, startsAt: row.starts_at };
}

/**
 * One pass of the offer poller, with an injectable clock: each offer that ran out by `now` is
 * claimed by one instance (a conditional delete), its hold is lifted, and the slot is offered to
 * the next waiting patient. The patient whose offer ran out leaves the list (she had her turn).
 */
export async function processExpiredOffers(app: App, now = new Date()): Promise<number> {
  let processed = 0;
  for (const offer of await waitlist.expired(app.db, now.toISOString(), 50)) {
    if (!offer.offered_slot_id || !offer.offer_expires_at) continue;
    const slotId = offer.offered_slot_id;
    const expiresAt = offer.offer_expires_at;
    const announcements = await app.db.transaction().execute(async (trx) => {
      if (!(await waitlist.claimExpired(trx, offer.id, slotId, expiresAt))) return null;
      if (!(await waitlist.unholdSlot(trx, slotId, offer.patient_id))) return noAnnouncements();
      const slot = await freedSlot(trx, slotId);
      return slot ? offerFreedSlot(app, trx, slot, now) : noAnnouncements();
    });
    if (!announcements) continue;
    processed += 1;
    await announce(app, announcements);
  }
  return processed;
}

/** Runs the poller on every instance; the claims keep two from passing one offer on twice. */
export function startWaitlistPoller(app: App): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    processExpiredOffers(app)
      .catch((error: unknown) => app.log.warn({ err: error }, 'waitlist offer pass failed'))
      .finally(() => (running = false));
  }, offerPollEveryMs);
  timer.unref();
  return () => clearInterval(timer);
}

/** Joining, leaving and reading one's place on a doctor's waiting list. */
export function waitlistService(app: App) {
  const slots = appointmentsRepository(app.db, app.dialect);

  async function doctorFrom(idText: string) {
    const id = idText.trim();
    const doctor = isId(id)
      ? await app.db.selectFrom('users').select(['id', 'name', 'status']).where('id', '=', id).where('role', '=', 'doctor').executeTakeFirst()
      : undefined;
    if (!doctor || doctor.status !== 'approved') throw notFound('There is no such doctor');
    return doctor;
  }

  const patientOnly = (viewer: Viewer) => {
    if (viewer.role !== 'patient') throw forbidden('Only patients can join a waiting list');
  };

  async function status(viewer: Viewer, doctorId: string) {
    const entry = await waitlist.find(app.db, doctorId, viewer.id);
    if (!entry) return { joined: false, position: null, offer: null };
    const position = await waitlist.position(app.db, doctorId, entry.created_at, entry.id);
    const offer = entry.offered_slot_id && entry.offer_expires_at ? { slot: entry.offered_slot_id, until: entry.offer_expires_at } : null;
    return { joined: true, position, offer };
  }

  return {
    async status(viewer: Viewer, doctorIdText: string) {
      patientOnly(viewer);
      const doctor = await doctorFrom(doctorIdText);
      return { waitlist: await status(viewer, doctor.id) };
    },

    async join(viewer: Viewer, doctorIdText: string) {
      patientOnly(viewer);
      const doctor = await doctorFrom(doctorIdText);
      const now = new Date();
      const horizon = new Date(now.getTime() + waitlistHorizonDays * 86400000).toISOString();
      const free = await slots.freeSlotsOf(app.db, doctor.id, now.toISOString(), 1, horizon);
      if (free.length > 0) {
        throw conflict(`${doctor.name} has a free time on ${slotWhen(app.config.clinicTimeZone, free[0].starts_at)}; please reserve it instead of waiting`);
      }
      await waitlist.add(app.db, { id: newId(), doctorId: doctor.id, patientId: viewer.id, now: now.toISOString() });
      const mine = await status(viewer, doctor.id);
      return { message: `You are on ${doctor.name}'s waiting list (number ${mine.position}); we will tell you when a time frees up`, waitlist: mine };
    },

    async leave(viewer: Viewer, doctorIdText: string) {
      patientOnly(viewer);
      const doctor = await doctorFrom(doctorIdText);
      const { removed, announcements } = await app.db.transaction().execute((trx) => leaveWaitlist(app, trx, doctor.id, viewer.id, null, new Date()));
      if (!removed) throw badRequest(`You are not on ${doctor.name}'s waiting list`);
      await announce(app, announcements);
      return { message: `You left ${doctor.name}'s waiting list`, waitlist: { joined: false, position: null, offer: null } };
    },
  };
}
