import { utcToClinicTime } from '../../lib/clinic-time.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.js';
import { isId, newId } from '../../lib/ids.js';
import { fromFlag } from '../../lib/mappers.js';
import { nowIso } from '../../lib/time.js';
import { requireApproved, type Viewer } from '../../plugins/auth.js';
import { cancelAppointmentJobs, planAppointmentJobs } from '../../jobs/appointment-jobs.js';
import type { App } from '../../types.js';
import { deliverNotifications, recordNotifications } from '../notifications/service.js';
import type { AppointmentDto } from './dto.js';
import { appointmentsRepository, type SlotWithPeople } from './repository.js';
import { slotDateFields, slotInstant } from './slot-time.js';

const given = (value: string | undefined) => {
  const v = value?.trim() ?? '';
  return v === '' || v === 'undefined' || v === 'null' ? undefined : v;
};

export function appointmentsService(app: App) {
  const repo = appointmentsRepository(app.db, app.dialect);
  const maxUpcoming = app.config.maxUpcomingReservations;
  const zone = app.config.clinicTimeZone;

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
    };
  };

  /** The slot named by a query value, or a 404 a person understands. */
  async function slotFrom(id: string | undefined, action: string) {
    const slotId = given(id);
    if (!slotId) throw badRequest(`Please choose the appointment to ${action}`);
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

    async add(viewer: Viewer, dateText: string, timeText: string) {
      if (viewer.role !== 'doctor') throw forbidden('Only doctors can add appointments');
      requireApproved(viewer);
      const { date, time, startsAt } = slotInstant(dateText, timeText, zone);
      const startsIso = startsAt.toISOString();
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
      const created = await repo.findById(id);
      return { message: 'The appointment was added', appointment: toDto(created as SlotWithPeople) };
    },

    /**
     * Reserves a slot for the calling patient. The slot is taken by one conditional update; the care
     * relation and the patient–doctor chat are created in the same transaction, so a reservation
     * never exists without them.
     */
    async reserve(viewer: Viewer, slotIdText: string | undefined, receiverText: string | undefined) {
      if (viewer.role !== 'patient') throw forbidden('Only patients can reserve appointments');
      const slot = await slotFrom(slotIdText, 'reserve');
      const receiver = given(receiverText);
      if (!receiver) throw badRequest('Please say which doctor the appointment is with');
      if (receiver !== slot.doctor_id) throw badRequest('This appointment does not belong to this doctor');
      if (slot.doctor_status !== 'approved') throw notFound('This doctor is not taking appointments');

      const now = nowIso();
      const tooManyHeld = () =>
        conflict(`You already hold ${maxUpcoming} upcoming appointments, the most one patient may hold. Please cancel one or wait until it has passed.`);
      const when = utcToClinicTime(new Date(slot.starts_at), zone);
      const outcome = await app.db.transaction().execute(async (trx) => {
        // One patient cannot take all of a doctor's slots: at most MAX_UPCOMING_RESERVATIONS at once.
        if ((await repo.upcomingOfPatientLocked(trx, viewer.id, now)) >= maxUpcoming) throw tooManyHeld();
        const won = await repo.reserve(trx, slot.id, slot.doctor_id, viewer.id, now);
        if (!won) return null;
        await repo.ensureCareRelation(trx, slot.doctor_id, viewer.id, now);
        const chatId = await repo.ensureChat(trx, viewer.id, slot.doctor_id, now);
        await planAppointmentJobs(trx, { id: slot.id, patient_id: viewer.id, starts_at: slot.starts_at });
        const told = await recordNotifications(trx, [
          { userId: slot.doctor_id, event: 'reservation_made', title: `${viewer.name} reserved your appointment on ${when.date} at ${when.time}`, link: '/settings/appointments' },
        ]);
        return { chatId, told };
      });
      const chat = outcome?.chatId;
      if (outcome) void deliverNotifications(app, outcome.told);
      if (!chat) {
        const current = await repo.findById(slot.id);
        if (!current) throw notFound('This appointment does not exist any more');
        if (current.patient_id === viewer.id) throw conflict('You have already reserved this appointment');
        if (fromFlag(current.reserved)) throw conflict('Sorry, someone else has just reserved this appointment; please choose another one');
        throw badRequest('This appointment has already passed; please choose another one');
      }
      const reserved = (await repo.findById(slot.id)) as SlotWithPeople;
      return { message: `Your appointment with ${slot.doctor_name} is reserved`, appointment: toDto(reserved), chat };
    },

    /**
     * The owning doctor records after the slot's time whether the patient came. A no-show cannot
     * rate the doctor for that visit; an attended visit can be rated.
     */
    async markAttendance(viewer: Viewer, slotIdText: string | undefined, attendanceText: string) {
      if (viewer.role !== 'doctor') throw forbidden('Only doctors can record whether a patient came');
      const attendance = attendanceText.trim().toLowerCase().replace('-', '_');
      if (attendance !== 'attended' && attendance !== 'no_show') throw badRequest('Please choose whether the patient attended or did not show up');
      const slot = await slotFrom(slotIdText, 'mark');
      if (slot.doctor_id !== viewer.id) throw forbidden('You can only mark your own appointments');
      if (!slot.patient_id) throw badRequest('Nobody reserved this appointment');
      const now = nowIso();
      if (slot.starts_at > now) throw badRequest('You can mark this appointment once its time has come');
      if (!(await repo.markAttendance(slot.id, viewer.id, attendance, now))) throw conflict('This appointment changed meanwhile; please reload');
      const updated = (await repo.findById(slot.id)) as SlotWithPeople;
      const who = slot.patient_name ?? 'The patient';
      return { message: attendance === 'attended' ? `${who} was marked as attended` : `${who} was marked as a no-show`, appointment: toDto(updated) };
    },

    /** The owning doctor deletes the slot; the holding patient releases it; anyone else is refused. */
    async cancel(viewer: Viewer, slotIdText: string | undefined) {
      const slot = await slotFrom(slotIdText, 'cancel');
      if (viewer.role === 'doctor' && slot.doctor_id === viewer.id) {
        if (!(await repo.remove(slot.id, viewer.id))) throw notFound('This appointment does not exist any more');
        return { message: 'The appointment was deleted' };
      }
      if (viewer.role === 'patient' && slot.patient_id === viewer.id) {
        const now = nowIso();
        if (slot.starts_at <= now) throw badRequest('This appointment has already taken place and cannot be cancelled');
        const when = utcToClinicTime(new Date(slot.starts_at), zone);
        const told = await app.db.transaction().execute(async (trx) => {
          if (!(await repo.release(slot.id, viewer.id, now, trx))) return null;
          await cancelAppointmentJobs(trx, slot.id);
          return recordNotifications(trx, [
            {
              userId: slot.doctor_id, event: 'reservation_cancelled', title: `${viewer.name} cancelled the appointment on ${when.date} at ${when.time}`,
              body: 'The slot is free again for other patients.', link: '/settings/appointments',
            },
          ]);
        });
        if (!told) throw conflict('This appointment is no longer reserved by you');
        void deliverNotifications(app, told);
        return { message: `Your appointment with ${slot.doctor_name} was cancelled` };
      }
      throw forbidden('You can only cancel your own appointments');
    },
  };
}
