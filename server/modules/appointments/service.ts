import { clinicTimeToUtc } from '../../lib/clinic-time.js';
import { givenField } from '../../lib/form-text.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.js';
import { isId, newId } from '../../lib/ids.js';
import { fromFlag } from '../../lib/mappers.js';
import { nowIso } from '../../lib/time.js';
import type { Viewer } from '../../plugins/auth.js';
import { appointmentMails } from '../../mail/templates.js';
import { asLanguage } from '../../i18n/language.js';
import type { App } from '../../types.js';
import { appointmentRequestsRepository } from '../appointment-requests/repository.js';
import { cancelAppointmentJobs, planAppointmentJobs } from '../../jobs/appointment-jobs.js';
import { recordNotifications } from '../notifications/service.js';
import { announce, describeSlot, doctorPagePath, mergeAnnouncements, noAnnouncements, slotWhen, type Announcements } from './announce.js';
import { calendarFile } from './calendar.js';
import { appointmentsPath, bookingRules } from './booking.js';
import { calendarRepository as calendar } from './calendar-repository.js';
import type { AppointmentDto } from './dto.js';
import { appointmentsRepository, type SlotWithPeople } from './repository.js';
import { slotRoles } from './roles.js';
import { slotDateFields } from './slot-time.js';
import { leaveWaitlist, offerFreedSlot } from './waitlist.js';

const maxCancelReasonLength = 500;
/** How many of the doctor's next free times a patient whose slot he cancelled is offered. */
const nextSlotsOffered = 3;

const pastVisitStays = 'This visit has taken place: it stays as the record of the visit and cannot be deleted';

export function appointmentsService(app: App) {
  const repo = appointmentsRepository(app.db, app.dialect);
  const zone = app.config.clinicTimeZone;
  const cutoffMs = app.config.cancelCutoffHours * 3600000;
  const requests = appointmentRequestsRepository(app.db);
  /** The last moment a patient may cancel or move an appointment starting at `startsAt`. */
  const changeableUntil = (startsAt: string) => new Date(Date.parse(startsAt) - cutoffMs).toISOString();
  const cutoffFrom = (now: Date) => new Date(now.getTime() + cutoffMs).toISOString();

  const booking = bookingRules(app);
  const { attachment, calendarContext } = booking;

  const toDto = (row: SlotWithPeople): AppointmentDto => {
    const reserved = fromFlag(row.reserved);
    return {
      _id: row.id,
      ...slotDateFields(row.starts_at, zone),
      reserved,
      doctor: { _id: row.doctor_id, name: row.doctor_name, specialization: row.doctor_specialization, image: app.images.url(row.doctor_image) },
      patient: reserved && row.patient_id ? { _id: row.patient_id, name: row.patient_name ?? '' } : null,
      chat: reserved ? (row.chat_id ?? null) : null,
      attendance: row.attendance,
      changeableUntil: changeableUntil(row.starts_at),
    };
  };

  /** The slot named by a query value (given: the route's schema requires it), or a 404 a person understands. */
  async function slotFrom(slotId: string) {
    const slot = isId(slotId) ? await repo.findById(slotId) : undefined;
    if (!slot) throw notFound('This appointment does not exist any more');
    return slot;
  }

  return {
    /** Doctors get their own slots, patients the slots they hold, pharmacists none. */
    async list(viewer: Viewer) {
      if (viewer.role === 'doctor') return (await repo.ofDoctor(viewer.id)).map(toDto);
      if (viewer.role === 'patient') return (await repo.ofPatient(viewer.id)).map(toDto);
      return [];
    },

    /** Publishes a slot checked by the route's schema (slotBody: readable, in the future, within a year). */
    async add(viewer: Viewer, { date, time }: { date: string; time: string }) {
      slotRoles.publish(viewer);
      const startsIso = clinicTimeToUtc(date, time, zone).toISOString();
      const duplicate = () => conflict(`You already have an appointment on ${date} at ${time}`);
      if (await repo.existsAt(viewer.id, startsIso)) throw duplicate();
      const now = nowIso();
      const id = newId();
      try {
        await repo.insert({ id, doctor_id: viewer.id, starts_at: startsIso, time, reserved: 0, patient_id: null, created_at: now, updated_at: now });
      } catch (error) {
        // Two identical slots sent at once: the unique index on (doctor, start) keeps one.
        if (isUniqueViolation(error)) throw duplicate();
        throw error;
      }
      // A new slot is a freed-up time for the doctor's waiting list: the first waiting patient is offered it.
      const offered = await app.db
        .transaction()
        .execute((trx) => offerFreedSlot(app, trx, { id, doctorId: viewer.id, doctorName: viewer.name, startsAt: startsIso }, new Date()));
      await announce(app, offered);
      const created = await repo.findById(id);
      return { message: 'The appointment was added', appointment: toDto(created as SlotWithPeople) };
    },

    /**
     * Reserves a slot for the calling patient. The slot is taken by one conditional update; the care
     * relation and the patient–doctor chat are created in the same transaction, so a reservation
     * never exists without them.
     */
    async reserve(viewer: Viewer, slotId: string, receiverText: string | undefined) {
      slotRoles.reserve(viewer);
      const slot = await slotFrom(slotId);
      const receiver = givenField(receiverText);
      if (!receiver) throw badRequest('Please say which doctor the appointment is with');
      if (receiver !== slot.doctor_id) throw badRequest('This appointment does not belong to this doctor');
      if (slot.doctor_status !== 'approved') throw notFound('This doctor is not taking appointments');

      const nowDate = new Date();
      const done = await app.db.transaction().execute(async (trx) => {
        const held = await booking.hold(trx, slot, { id: viewer.id }, nowDate);
        if (!held) return null;
        const notifications = await recordNotifications(trx, [
          {
            userId: slot.doctor_id,
            event: 'reservation_made',
            title: `${viewer.name} reserved your appointment on ${slotWhen(zone, slot.starts_at)}`,
            link: appointmentsPath,
            message: { key: 'reservation_made', patient: viewer.name, startsAt: slot.starts_at },
          },
        ]);
        return { chat: held.chat, announcements: mergeAnnouncements(held.announcements, { notifications, mails: [] }) };
      });
      if (!done) {
        const current = await repo.findById(slot.id);
        if (!current) throw notFound('This appointment does not exist any more');
        if (current.patient_id === viewer.id) throw conflict('You have already reserved this appointment');
        if (fromFlag(current.reserved)) throw conflict('Sorry, someone else has just reserved this appointment; please choose another one');
        if (current.held_for && current.held_until && current.held_until > nowIso()) {
          throw conflict('This time is held for a patient from the waiting list for a few minutes; please choose another one');
        }
        throw badRequest('This appointment has already passed; please choose another one');
      }
      const reserved = (await repo.findById(slot.id)) as SlotWithPeople;
      const mails = await booking.confirmationMails(viewer.id, slot.id);
      await announce(app, mergeAnnouncements(done.announcements, { notifications: [], mails }));
      return { message: `Your appointment with ${slot.doctor_name} is reserved`, appointment: toDto(reserved), chat: done.chat };
    },

    /**
     * The owning doctor records after the slot's time whether the patient came. A no-show cannot
     * rate the doctor for that visit, and a rating that rested on that visit alone is taken away;
     * an attended visit can be rated.
     */
    async markAttendance(viewer: Viewer, slotId: string, attendance: 'attended' | 'no_show') {
      slotRoles.markAttendance(viewer);
      const slot = await slotFrom(slotId);
      if (slot.doctor_id !== viewer.id) throw forbidden('You can only mark your own appointments');
      if (!slot.patient_id) throw badRequest('Nobody reserved this appointment');
      const now = nowIso();
      if (slot.starts_at > now) throw badRequest('You can mark this appointment once its time has come');
      if (!(await repo.markAttendance(slot.id, viewer.id, attendance, now))) throw conflict('This appointment changed meanwhile; please reload');
      if (attendance === 'no_show') await repo.removeRatingWithoutVisit(viewer.id, slot.patient_id, now);
      const updated = (await repo.findById(slot.id)) as SlotWithPeople;
      const who = slot.patient_name ?? 'The patient';
      return { message: attendance === 'attended' ? `${who} was marked as attended` : `${who} was marked as a no-show`, appointment: toDto(updated) };
    },

    /**
     * The owning doctor deletes the slot; when a patient holds it he must say why, and she is told
     * at once (notification, email with the calendar cancellation, a line in their chat) with his
     * next free times. The holding patient releases it until the cutoff. Anyone else is refused.
     */
    async cancel(viewer: Viewer, slotId: string, reasonText: string) {
      const slot = await slotFrom(slotId);
      const nowDate = new Date();
      const now = nowDate.toISOString();
      if (viewer.role === 'doctor' && slot.doctor_id === viewer.id) {
        // A past visit is the record of the visit (the patient's and the clinic's): it stays.
        if (slot.patient_id && slot.starts_at <= now) throw conflict(pastVisitStays);
        const holder = fromFlag(slot.reserved) && slot.patient_id && slot.starts_at > now ? slot.patient_id : null;
        const reason = reasonText.trim();
        if (holder && !reason)
          throw badRequest(`${slot.patient_name ?? 'A patient'} holds this appointment: please give the reason for cancelling, so she knows what happened`);
        if (reason.length > maxCancelReasonLength) throw badRequest(`Please shorten the reason to ${maxCancelReasonLength} characters`);
        const done = await app.db.transaction().execute(async (trx) => {
          if (!(await repo.remove(trx, slot.id, viewer.id, slot.patient_id, now))) return null;
          if (!holder) return noAnnouncements();
          return tellSlotReleased(trx, slot, holder, reason, now);
        });
        if (!done) throw conflict('This appointment changed meanwhile (someone reserved or released it); please reload and try again');
        await announce(app, done);
        return { message: holder ? `The appointment was deleted and ${slot.patient_name ?? 'the patient'} was told why` : 'The appointment was deleted' };
      }
      if (viewer.role === 'patient' && slot.patient_id === viewer.id) {
        if (slot.starts_at <= now) throw badRequest('This appointment has already taken place and cannot be cancelled');
        if (slot.starts_at <= cutoffFrom(nowDate)) throw badRequest(cutoffMessage('cancelled'));
        const done = await app.db.transaction().execute(async (trx) => {
          if (!(await repo.release(trx, slot.id, viewer.id, cutoffFrom(nowDate), now))) return null;
          await calendar.cancel(trx, slot.id, viewer.id, 'Cancelled by the patient', now);
          await cancelAppointmentJobs(trx, slot.id, nowDate);
          const notifications = await recordNotifications(trx, [
            {
              userId: slot.doctor_id,
              event: 'reservation_cancelled',
              title: `${viewer.name} cancelled the appointment on ${slotWhen(zone, slot.starts_at)}`,
              body: 'The slot is free again for other patients.',
              link: appointmentsPath,
              message: { key: 'reservation_cancelled', patient: viewer.name, startsAt: slot.starts_at },
            },
          ]);
          const offered = await offerFreedSlot(
            app,
            trx,
            { id: slot.id, doctorId: slot.doctor_id, doctorName: slot.doctor_name, startsAt: slot.starts_at },
            nowDate,
          );
          return mergeAnnouncements({ notifications, mails: [] }, offered);
        });
        if (!done) throw conflict('This appointment is no longer reserved by you');
        await announce(app, done);
        return { message: `Your appointment with ${slot.doctor_name} was cancelled` };
      }
      throw forbidden('You can only cancel your own appointments');
    },

    /**
     * Moves the patient's reservation to another free slot of the same doctor in one transaction:
     * the new slot is taken by a conditional update, then the old one is freed by another; if either
     * fails nothing changes. Of many patients moving to one slot at once exactly one gets it.
     */
    async reschedule(viewer: Viewer, slotId: string, toText: string | undefined) {
      slotRoles.move(viewer);
      const from = await slotFrom(slotId);
      if (from.patient_id !== viewer.id) throw forbidden('You can only move your own appointments');
      const target = givenField(toText);
      if (!target) throw badRequest('Please choose the new time');
      const to = isId(target) ? await repo.findById(target) : undefined;
      if (!to) throw notFound('The time you chose does not exist any more');
      if (to.id === from.id) throw badRequest('This is already the time of your appointment');
      if (to.doctor_id !== from.doctor_id)
        throw badRequest(`Please choose another time of ${from.doctor_name}; to see another doctor, reserve a new appointment`);
      const nowDate = new Date();
      const now = nowDate.toISOString();
      const cutoff = cutoffFrom(nowDate);
      if (from.starts_at <= cutoff) throw badRequest(cutoffMessage('moved'));
      if (to.starts_at <= now) throw badRequest('This time has already passed; please choose another one');

      const done = await app.db.transaction().execute(async (trx) => {
        await booking.assertMayBeBooked(trx, { id: viewer.id });
        await repo.upcomingOfPatientLocked(trx, viewer.id, now);
        const clash = await repo.overlapping(trx, viewer.id, to.starts_at, from.id);
        if (clash && clash.id !== to.id) throw booking.clashError(clash);
        const outcome = await repo.move(trx, from.id, to.id, from.doctor_id, viewer.id, now, cutoff);
        if (outcome === 'taken') throw conflict('Sorry, someone else has just taken this time; please choose another one');
        // Throwing rolls the new slot back: the old one stays hers.
        if (outcome === 'not-yours') throw conflict('This appointment is no longer yours to move, or its time to change has closed');
        await calendar.move(trx, from.id, viewer.id, { appointmentId: to.id, startsAt: to.starts_at }, now);
        // The reminders follow the appointment to its new time.
        await cancelAppointmentJobs(trx, from.id, nowDate);
        await planAppointmentJobs(trx, { id: to.id, patient_id: viewer.id, starts_at: to.starts_at }, nowDate);
        const { announcements: passedOn } = await leaveWaitlist(app, trx, to.doctor_id, viewer.id, to.id, nowDate);
        const notifications = await recordNotifications(trx, [
          {
            userId: from.doctor_id,
            event: 'reservation_cancelled',
            title: `${viewer.name} moved the appointment on ${slotWhen(zone, from.starts_at)} to ${slotWhen(zone, to.starts_at)}`,
            link: appointmentsPath,
            message: { key: 'reservation_moved', patient: viewer.name, from: from.starts_at, to: to.starts_at },
          },
        ]);
        const offered = await offerFreedSlot(
          app,
          trx,
          { id: from.id, doctorId: from.doctor_id, doctorName: from.doctor_name, startsAt: from.starts_at },
          nowDate,
        );
        return mergeAnnouncements(passedOn, { notifications, mails: [] }, offered);
      });
      const mails = await booking.confirmationMails(viewer.id, to.id, (contact, what, entry) =>
        appointmentMails.moved(contact.language, booking.mailFacts(contact, what, appointmentsPath), attachment(entry, contact.language)),
      );
      await announce(app, mergeAnnouncements(done, { notifications: [], mails }));
      const moved = (await repo.findById(to.id)) as SlotWithPeople;
      return { message: `Your appointment with ${from.doctor_name} is moved to ${slotWhen(zone, to.starts_at)}`, appointment: toDto(moved) };
    },

    /**
     * The calendar file of a reservation, for the patient holding (or who held) it and its doctor:
     * the event while it stands, a cancellation once it was cancelled or the slot deleted.
     */
    async calendarFile(viewer: Viewer, slotIdText: string) {
      const slotId = slotIdText.trim();
      if (!isId(slotId)) throw notFound('This appointment does not exist or is not yours');
      let entry = await calendar.latestFor(app.db, slotId, viewer.id);
      const slot = entry ? undefined : await repo.findById(slotId);
      const holder = slot && fromFlag(slot.reserved) ? slot.patient_id : null;
      if (slot && holder && (holder === viewer.id || slot.doctor_id === viewer.id)) {
        await calendar.adopt(app.db, { id: slot.id, doctor_id: slot.doctor_id, patient_id: holder, starts_at: slot.starts_at }, nowIso());
        entry = await calendar.latestFor(app.db, slotId, viewer.id);
      }
      if (!entry) {
        if (slot && slot.doctor_id === viewer.id) throw notFound('Nobody has reserved this slot, so it has no calendar event');
        throw notFound('This appointment does not exist or is not yours');
      }
      // Written in the language she reads the portal in, like the file her confirmation carried.
      const reader = await app.db.selectFrom('users').select('language').where('id', '=', viewer.id).executeTakeFirst();
      return calendarFile(entry, calendarContext, asLanguage(reader?.language));
    },
  };

  function cutoffMessage(action: 'cancelled' | 'moved') {
    return `Appointments can be ${action} until ${app.config.cancelCutoffHours} hours before they start; please call the clinic`;
  }

  /**
   * In the doctor's deleting transaction: the holder's calendar event is cancelled, she gets a
   * notification with his next free times, and the doctor's line in their chat says why.
   */
  async function tellSlotReleased(trx: Kysely<Database>, slot: SlotWithPeople, patientId: string, reason: string, now: string): Promise<Announcements> {
    await calendar.cancel(trx, slot.id, patientId, reason, now);
    await cancelAppointmentJobs(trx, slot.id, new Date(now));
    const next = await repo.freeSlotsOf(trx, slot.doctor_id, now, nextSlotsOffered);
    const nextText = next.map((s) => slotWhen(zone, s.starts_at));
    const what = describeSlot(zone, slot.doctor_name, slot.starts_at);
    const offer = nextText.length
      ? `Next free times: ${nextText.join('; ')}.`
      : 'No free time is published now; you can join the waiting list on the doctor’s page.';
    const chat = await repo.ensureChat(trx, patientId, slot.doctor_id, now);
    await requests.tellInChat(
      trx,
      chat,
      slot.doctor_id,
      `I had to cancel your appointment on ${slotWhen(zone, slot.starts_at)}: ${reason}. ${offer}`,
      newId(),
      now,
    );
    const notifications = await recordNotifications(trx, [
      {
        userId: patientId,
        event: 'slot_released',
        title: `Your appointment ${what} was cancelled by the doctor`,
        body: `Reason: ${reason}. ${offer}`,
        link: doctorPagePath(slot.doctor_name),
        message: { key: 'slot_released', doctor: slot.doctor_name, startsAt: slot.starts_at, reason, next: next.map((s) => s.starts_at) },
      },
    ]);
    const [contact, entry] = await Promise.all([
      trx.selectFrom('users').select(['name', 'email', 'language']).where('id', '=', patientId).executeTakeFirst(),
      calendar.latestFor(trx, slot.id, patientId),
    ]);
    const language = asLanguage(contact?.language);
    const mail =
      contact && entry
        ? appointmentMails.slotReleased(
            language,
            {
              ...booking.mailFacts({ ...contact, language }, describeSlot(zone, slot.doctor_name, slot.starts_at, language), doctorPagePath(slot.doctor_name)),
              reason,
              nextSlots: next.map((s) => slotWhen(zone, s.starts_at, language)),
            },
            attachment(entry, language),
          )
        : undefined;
    return { notifications, mails: [], notificationMails: mail ? [[notifications[0].id, mail]] : [] };
  }
}
