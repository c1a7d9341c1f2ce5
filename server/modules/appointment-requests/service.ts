import { utcToClinicTime } from '../../lib/clinic-time.js';
import { toDepartment } from '../../lib/departments.js';
import { badRequest, conflict, forbidden, notFound, tooMany } from '../../lib/errors.js';
import { isId, newId } from '../../lib/ids.js';
import { cleanField } from '../../lib/form-text.js';
import { fromFlag } from '../../lib/mappers.js';
import { nowIso } from '../../lib/time.js';
import { requireApproved, type Viewer } from '../../plugins/auth.js';
import { appointmentMails } from '../../mail/templates.js';
import type { App } from '../../types.js';
import { deliverNotifications, recordNotifications } from '../notifications/service.js';
import { announce, mergeAnnouncements } from '../appointments/announce.js';
import { appointmentsPath, bookingRules } from '../appointments/booking.js';
import { slotDateFields } from '../appointments/slot-time.js';
import { chooseDepartment, reasonOf, toRequestDto, type RequestFields, type RequestRow } from './dto.js';
import { appointmentRequestsRepository } from './repository.js';
import { accountsRepository } from '../accounts/repository.js';
import { doctorTitled, withoutTitle } from '../../lib/names.js';

/** Administrators answer every request (the role is granted in the database, never at sign-up). */
const isAdmin = (viewer: Viewer) => viewer.role === 'admin';

/** Patients and guests request appointments; staff accounts do not. */
function mayRequest(viewer: Viewer | null) {
  if (viewer && viewer.role !== 'patient') throw forbidden('Only patients and visitors without an account can request appointments');
}

export function appointmentRequestsService(app: App) {
  const repo = appointmentRequestsRepository(app.db);
  const booking = bookingRules(app);
  const zone = app.config.clinicTimeZone;
  const toDto = (row: RequestRow) => toRequestDto(row, zone);
  const attempts = accountsRepository(app.db);

  /**
   * Requests without an account, per address per hour (GUEST_REQUESTS_MAX_PER_HOUR), counted in the
   * same table as logins and sign-ups. Counted before storing, in one statement, so a burst sent at
   * once cannot all pass.
   */
  async function countGuestRequest(address: string) {
    const now = Date.now();
    const count = await attempts.recordFailure(`request:${address}`, new Date(now).toISOString(), new Date(now - 3600 * 1000).toISOString());
    if (count > app.config.guestRequestsMaxPerHour) {
      throw tooMany('Too many appointment requests were sent from your network. Please try again in an hour, or call the clinic.');
    }
  }

  /** Doctors answer requests naming them or naming only their department; administrators answer all. */
  async function handlerOf(viewer: Viewer, request: RequestRow) {
    if (isAdmin(viewer)) return { admin: true, doctorId: null as string | null };
    if (viewer.role === 'doctor') {
      // A doctor the clinic has not approved answers nothing.
      requireApproved(viewer);
      const me = await repo.findUser(viewer.id);
      const mine = request.doctor_id === viewer.id || (request.doctor_id === null && me?.specialization === request.department);
      if (mine) return { admin: false, doctorId: viewer.id };
    }
    throw forbidden('You can only answer appointment requests made to you');
  }

  async function requestFrom(idText: string | undefined) {
    const id = idText?.trim() ?? '';
    const request = isId(id) ? await repo.findById(id) : undefined;
    if (!request) throw notFound('This appointment request does not exist');
    return request;
  }

  const alreadyAnswered = (request: RequestRow) =>
    conflict(request.status === 'accepted' ? 'This request has already been accepted' : 'This request has already been declined');

  /** A pending request the viewer may answer: 404, 403 or 409 otherwise. */
  async function answerable(viewer: Viewer, idText: string | undefined) {
    const request = await requestFrom(idText);
    const handler = await handlerOf(viewer, request);
    if (request.status !== 'pending') throw alreadyAnswered(request);
    return { request, handler };
  }

  /** A request that can be accepted into a slot: only a patient with an account can hold one. */
  async function acceptable(viewer: Viewer, idText: string | undefined) {
    const answering = await answerable(viewer, idText);
    const { request } = answering;
    if (!request.patient_id) {
      throw conflict(`${request.name} has no account, so no slot can be reserved for them; call them on ${request.phone} and decline the request with a note`);
    }
    return { ...answering, patientId: request.patient_id };
  }

  return {
    answerable,
    acceptable,

    /**
     * The form as a request from this sender: refused for staff accounts; a patient's name and email
     * are her account's, and so is her phone when she gives none. Runs before the form is checked.
     */
    async asSender(viewer: Viewer | null, form: Record<string, string | undefined>) {
      mayRequest(viewer);
      const account = viewer ? await repo.findUser(viewer.id) : undefined;
      if (!account) return form;
      return { ...form, name: account.name, email: account.email, phone: cleanField(form.phone) || account.phone };
    },

    /** Stores a request checked by the route's schema (requestBody, after asSender). */
    async create(viewer: Viewer | null, form: RequestFields, address: string) {
      mayRequest(viewer);
      if (!viewer) await countGuestRequest(address);
      const { name, email, phone } = form;
      let doctor: { id: string; name: string; specialization: string } | undefined;
      if (form.doctor) {
        // The form may name him as his page's address did before titles left stored names ("Dr. …").
        doctor = (await repo.findDoctorByName(form.doctor)) ?? (await repo.findDoctorByName(withoutTitle(form.doctor) || form.doctor));
        if (!doctor) throw badRequest(`There is no doctor called ${form.doctor.slice(0, 100)}`);
      }
      const department = form.department ? toDepartment(form.department) : (toDepartment(doctor?.specialization ?? '') ?? doctor?.specialization);
      // The form names a department or a doctor (requestBody); a doctor without one names none.
      if (!department) throw badRequest(chooseDepartment);
      if (doctor && doctor.specialization.toLowerCase() !== department.toLowerCase()) {
        throw badRequest(`${doctor.name} works in ${doctor.specialization}, not ${department}`);
      }
      const { date, time } = form;
      const reason = reasonOf(form);

      const now = nowIso();
      const id = newId();
      await repo.insert({
        id,
        patient_id: viewer?.id ?? null,
        name,
        email,
        phone,
        doctor_id: doctor?.id ?? null,
        department,
        preferred_date: date,
        preferred_time: time,
        reason,
        status: 'pending',
        decline_reason: '',
        appointment_id: null,
        handled_by: null,
        created_at: now,
        updated_at: now,
      });
      return { message: 'Appointment requested successfully', request: toDto((await repo.findById(id)) as RequestRow) };
    },

    /** Patients see their own requests, doctors the ones for them, administrators all. */
    async list(viewer: Viewer) {
      if (viewer.role === 'patient') return (await repo.ofPatient(viewer.id)).map(toDto);
      if (isAdmin(viewer)) return (await repo.all()).map(toDto);
      if (viewer.role === 'doctor') {
        // Requests carry patients' names and phones: a doctor sees them only once approved.
        requireApproved(viewer);
        const me = await repo.findUser(viewer.id);
        return (await repo.forDoctor(viewer.id, me?.specialization ?? '')).map(toDto);
      }
      throw forbidden('Appointment requests are kept for patients, doctors and administrators');
    },

    /** The free slots a request can be accepted into: the answering doctor's, or the named doctor's or department's. */
    async freeSlots(viewer: Viewer, idText: string | undefined) {
      const request = await requestFrom(idText);
      const handler = await handlerOf(viewer, request);
      const doctorId = handler.doctorId ?? request.doctor_id ?? undefined;
      const rows = await repo.freeSlots(doctorId ? { doctorId } : { department: request.department }, nowIso());
      return rows.map((s) => ({ _id: s.id, ...slotDateFields(s.starts_at, zone), doctor: { _id: s.doctor_id, name: s.doctor_name } }));
    },

    /**
     * Accepts a request into a free slot: the request is answered and the slot reserved for the
     * patient by two conditional updates in one transaction, so neither happens without the other;
     * the reservation opens the care relation and chat, where the doctor's line tells her.
     */
    async accept(viewer: Viewer, idText: string | undefined, slotText: string) {
      const { request, handler, patientId } = await acceptable(viewer, idText);
      const slot = isId(slotText) ? await repo.findSlot(slotText) : undefined;
      if (!slot) throw notFound('This slot does not exist any more');
      const rightDoctor = handler.doctorId
        ? slot.doctor_id === handler.doctorId
        : request.doctor_id
          ? slot.doctor_id === request.doctor_id
          : slot.specialization === request.department;
      if (!rightDoctor) throw badRequest('Choose one of the slots offered for this request');
      if (fromFlag(slot.reserved)) throw conflict('This slot has just been reserved; please choose another one');

      const nowDate = new Date();
      const now = nowDate.toISOString();
      const local = utcToClinicTime(new Date(slot.starts_at), zone);
      const line = `Your appointment request was accepted: ${doctorTitled(slot.doctor_name)} will see you on ${local.date} at ${local.time}.`;
      const done = await app.db.transaction().execute(async (trx) => {
        const answered = await repo.answer(trx, request.id, {
          status: 'accepted',
          decline_reason: '',
          appointment_id: slot.id,
          handled_by: viewer.id,
          updated_at: now,
        });
        if (!answered) throw conflict('This request has just been answered by someone else');
        // The same rules as her own reservation: her limit, no overlap, calendar event, reminders.
        const held = await booking.hold(trx, slot, { id: patientId, name: request.name }, nowDate);
        if (!held) throw conflict('This slot has just been reserved or has started; please choose another one');
        await repo.tellInChat(trx, held.chat, slot.doctor_id, line, newId(), now);
        const notifications = await recordNotifications(trx, [
          {
            userId: patientId,
            event: 'appointment_request_answered',
            title: 'Your appointment request was accepted',
            body: line,
            link: appointmentsPath,
            message: { key: 'request_accepted', doctor: slot.doctor_name, startsAt: slot.starts_at },
          },
        ]);
        return { held, notifications };
      });
      // Her confirmation carries the calendar file; it stands for the notification's email, under her choice.
      const [mail] = await booking.confirmationMails(patientId, slot.id, (contact, what, entry) =>
        appointmentMails.requestAccepted(contact.language, booking.mailFacts(contact, what, appointmentsPath), booking.attachment(entry, contact.language)),
      );
      await announce(
        app,
        mergeAnnouncements(done.held.announcements, {
          notifications: done.notifications,
          mails: [],
          notificationMails: mail ? [[done.notifications[0].id, mail]] : [],
        }),
      );
      return {
        message: `${request.name} has the appointment on ${local.date} at ${local.time}`,
        request: toDto((await repo.findById(request.id)) as RequestRow),
      };
    },

    /** Declines with the reason checked by the route's schema (declineBody). */
    async decline(viewer: Viewer, idText: string | undefined, reason: string) {
      const { request } = await answerable(viewer, idText);
      const patientId = request.patient_id;
      const told = await app.db.transaction().execute(async (trx) => {
        const answered = await repo.answer(trx, request.id, {
          status: 'declined',
          decline_reason: reason,
          appointment_id: null,
          handled_by: viewer.id,
          updated_at: nowIso(),
        });
        if (!answered) return null;
        // A guest has no account to tell; the doctor calls them.
        if (!patientId) return [];
        return recordNotifications(trx, [
          {
            userId: patientId,
            event: 'appointment_request_answered',
            title: 'Your appointment request was declined',
            body: `The reason: ${reason}`,
            link: appointmentsPath,
            message: { key: 'request_declined', reason },
          },
        ]);
      });
      if (!told) throw conflict('This request has just been answered by someone else');
      void deliverNotifications(app, told);
      return { message: `The request from ${request.name} was declined`, request: toDto((await repo.findById(request.id)) as RequestRow) };
    },
  };
}
