import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { planAppointmentJobs } from '../../jobs/appointment-jobs.js';
import { conflict, forbidden, HttpError } from '../../lib/errors.js';
import { verifyEmailFirst } from '../../plugins/auth.js';
import { asLanguage, type Language } from '../../i18n/language.js';
import { newId } from '../../lib/ids.js';
import type { MailMessage } from '../../mail/mailer.js';
import { appointmentMails } from '../../mail/templates.js';
import type { App } from '../../types.js';
import { describeSlot, portalUrl, type Announcements } from './announce.js';
import { calendarFile, type CalendarContext } from './calendar.js';
import { calendarRepository as calendar, type CalendarEntry } from './calendar-repository.js';
import { appointmentsRepository } from './repository.js';
import { slotDateFields } from './slot-time.js';
import { leaveWaitlist } from './waitlist.js';

export const appointmentsPath = '/settings/appointments';

/** The patient an appointment mail goes to, with the language she reads. */
export interface MailContact {
  name: string;
  email: string;
  language: Language;
}

/** The slot being taken, as both a patient's reservation and a doctor's accepted request know it. */
export interface SlotToHold {
  id: string;
  doctor_id: string;
  starts_at: string;
}

/**
 * One way a slot becomes a patient's appointment, whoever books it (the patient herself, or a doctor
 * accepting her request): her upcoming limit and overlap checks, the conditional update, the care
 * relation, the chat, the calendar event, the reminders and leaving the doctor's waiting list. It
 * runs inside the caller's transaction, so nothing of it exists without the rest; the mails are built
 * after the commit with `confirmationMails`.
 */
export function bookingRules(app: App) {
  const repo = appointmentsRepository(app.db, app.dialect);
  const zone = app.config.clinicTimeZone;
  const maxUpcoming = app.config.maxUpcomingReservations;

  const calendarContext: CalendarContext = {
    clinicName: app.config.clinicName,
    timeZone: zone,
    host: new URL(portalUrl(app, '')).hostname,
    organizerEmail: /<([^>]+)>/.exec(app.config.mailFrom)?.[1] ?? app.config.mailFrom,
    url: portalUrl(app, appointmentsPath),
  };

  /**
   * The 409 for a patient who already has an appointment within the visit's length. `holder` is who
   * is told: the patient herself ("You already have…") or the doctor booking for her (her name).
   */
  function clashError(clash: { starts_at: string; doctor_name: string }, holder?: string) {
    const who = holder ? `${holder} already has` : 'You already have';
    const then = holder ? 'Choose another time for her.' : 'Cancel or move it first.';
    return new HttpError(409, `${who} an appointment at that time: ${describeSlot(zone, clash.doctor_name, clash.starts_at)}. ${then}`, {
      conflict: { doctor: clash.doctor_name, ...slotDateFields(clash.starts_at, zone) },
    });
  }

  /** The calendar file of an event, as a mail attachment (a cancelled event cancels it in the calendar). */
  const attachment = (entry: CalendarEntry, language: Language = 'en') => ({
    filename: 'appointment.ics',
    content: calendarFile(entry, calendarContext, language),
    contentType: `text/calendar; charset=utf-8; method=${entry.cancelled_at ? 'CANCEL' : 'PUBLISH'}`,
  });

  /** The facts every appointment mail to her starts from: who, which slot (in her language) and the page to open. */
  const mailFacts = (contact: MailContact, what: string, pathname: string) => ({
    clinic: app.config.clinicName,
    to: contact.email,
    name: contact.name,
    what,
    url: portalUrl(app, pathname),
  });

  /**
   * With REQUIRE_VERIFIED_EMAIL, a patient whose email is not verified is booked by no path: her own
   * reservation, a move, or a request someone accepts for her (`name` is then whom the refusal names).
   */
  async function assertMayBeBooked(executor: Kysely<Database>, patient: { id: string; name?: string }) {
    if (!app.config.requireVerifiedEmail || (await repo.emailVerified(executor, patient.id))) return;
    if (patient.name) {
      throw conflict(`${patient.name} has not verified her email address yet: she can be booked once she has followed the link we emailed her`);
    }
    throw forbidden(verifyEmailFirst);
  }

  return {
    calendarContext,
    mailFacts,
    clashError,
    attachment,
    assertMayBeBooked,

    /**
     * Holds the slot for the patient; null when the conditional update lost (the slot was taken,
     * is held for the waiting list or has started), so the caller can say which.
     */
    async hold(
      trx: Kysely<Database>,
      slot: SlotToHold,
      patient: { id: string; name?: string },
      nowDate: Date,
    ): Promise<{ chat: string; announcements: Announcements } | null> {
      const now = nowDate.toISOString();
      await assertMayBeBooked(trx, patient);
      // One patient cannot take all of a doctor's slots: at most MAX_UPCOMING_RESERVATIONS at once.
      if ((await repo.upcomingOfPatientLocked(trx, patient.id, now)) >= maxUpcoming) {
        const who = patient.name ? `${patient.name} already holds` : 'You already hold';
        throw conflict(`${who} ${maxUpcoming} upcoming appointments, the most one patient may hold. Please cancel one or wait until it has passed.`);
      }
      // Checked after the lock on the patient: two reservations of hers at once are checked in turn.
      const clash = await repo.overlapping(trx, patient.id, slot.starts_at, slot.id);
      if (clash) throw clashError(clash, patient.name);
      if (!(await repo.reserve(trx, slot.id, slot.doctor_id, patient.id, now))) return null;
      await repo.ensureCareRelation(trx, slot.doctor_id, patient.id, now);
      const chat = await repo.ensureChat(trx, patient.id, slot.doctor_id, now);
      await calendar.open(trx, { uid: newId(), appointmentId: slot.id, patientId: patient.id, doctorId: slot.doctor_id, startsAt: slot.starts_at, now });
      await planAppointmentJobs(trx, { id: slot.id, patient_id: patient.id, starts_at: slot.starts_at }, nowDate);
      const { announcements } = await leaveWaitlist(app, trx, slot.doctor_id, patient.id, slot.id, nowDate);
      return { chat, announcements };
    },

    /** The patient's confirmation of her appointment on `slotId`, with its calendar file; built after the commit. */
    async confirmationMails(
      patientId: string,
      slotId: string,
      build: (contact: MailContact, what: string, entry: CalendarEntry) => MailMessage = (contact, what, entry) =>
        appointmentMails.reserved(contact.language, mailFacts(contact, what, appointmentsPath), attachment(entry, contact.language)),
    ): Promise<MailMessage[]> {
      const [contact, entry] = await Promise.all([
        app.db.selectFrom('users').select(['name', 'email', 'language']).where('id', '=', patientId).executeTakeFirst(),
        calendar.latestFor(app.db, slotId, patientId),
      ]);
      if (!contact || !entry) return [];
      const language = asLanguage(contact.language);
      return [build({ ...contact, language }, describeSlot(zone, entry.doctor_name, entry.starts_at, language), entry)];
    },
  };
}
