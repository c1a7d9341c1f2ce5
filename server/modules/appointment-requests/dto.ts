import type { AppointmentRequestsTable } from '../../db/schema.js';
import { REQUEST_STATUSES } from '../../../shared/appointment-request.js';
import { z } from 'zod';
import { checked, cleanText, refuse, requiredText, wasRefused } from '../../lib/form-schema.js';
import { toDepartment } from '../../lib/departments.js';
import { dateField, timeField } from '../appointments/dto.js';
import { futureSlot, slotDateFields, type FutureTimeWords } from '../appointments/slot-time.js';

/** An appointment request as the patient, the doctor and administrators see it. */
export const appointmentRequestSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  /** True when a patient with an account sent it; false for a guest (reception calls them). */
  hasAccount: z.boolean(),
  doctor: z.object({ _id: z.string(), name: z.string() }).nullable(),
  department: z.string(),
  /** The day (YYYY-MM-DD) and time (HH:MM) she would like, in the clinic's time zone. */
  preferredDate: z.string(),
  preferredTime: z.string(),
  reason: z.string(),
  status: z.enum(REQUEST_STATUSES),
  declineReason: z.string(),
  /** The slot reserved for her when the request was accepted. */
  appointment: z.object({ _id: z.string(), date: z.string(), time: z.string(), startsAt: z.string(), timeZone: z.string(), doctor: z.string() }).nullable(),
  createdAt: z.string(),
});
export type AppointmentRequestDto = z.infer<typeof appointmentRequestSchema>;

/** A free slot the request can be accepted into. */
export const requestSlotSchema = z.object({
  _id: z.string(),
  date: z.string(),
  time: z.string(),
  startsAt: z.string(),
  timeZone: z.string(),
  doctor: z.object({ _id: z.string(), name: z.string() }),
});

/** A stored request with the names of its doctor and of the slot it was accepted into. */
export type RequestRow = Omit<AppointmentRequestsTable, 'handled_by' | 'updated_at'> & {
  doctor_name: string | null;
  slot_starts_at: string | null;
  slot_doctor_name: string | null;
};

export function toRequestDto(row: RequestRow, timeZone: string): AppointmentRequestDto {
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    hasAccount: row.patient_id !== null,
    doctor: row.doctor_id ? { _id: row.doctor_id, name: row.doctor_name ?? '' } : null,
    department: row.department,
    preferredDate: row.preferred_date,
    preferredTime: row.preferred_time,
    reason: row.reason,
    status: row.status,
    declineReason: row.decline_reason,
    appointment:
      row.appointment_id && row.slot_starts_at
        ? { _id: row.appointment_id, ...slotDateFields(row.slot_starts_at, timeZone), doctor: row.slot_doctor_name ?? '' }
        : null,
    createdAt: row.created_at,
  };
}

export const maxReasonLength = 1000;
const maxDeclineLength = 500;
/** Asked when neither a department nor a doctor who works in one is named. */
export const chooseDepartment = 'Please choose a department or a doctor';

/** A visit asked for. */
const requestingWords: FutureTimeWords = {
  passed: (date, time) => `${date} at ${time} has already passed; choose a day and time in the future`,
  tooFar: 'Appointments can be requested up to one year ahead',
};

/**
 * The first thing wrong with a request, in the order a person fixes it. A patient's name, email
 * and (when she gives none) phone are her account's, filled in before this check (the route's
 * preValidation), so a guest and a patient are held to the same rules.
 */
function requestProblem(form: z.output<typeof requestFields>, ctx: z.RefinementCtx, timeZone: string) {
  if (!form.name) return refuse(ctx, 'Please enter your name');
  if (form.name.length > 100) return refuse(ctx, 'Please shorten the name to 100 characters');
  if (form.email && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(form.email)) return refuse(ctx, `${form.email.slice(0, 100)} is not an email address`);
  if (!form.phone) return refuse(ctx, 'Please enter a phone number so the clinic can call you');
  if (!/^\+?[\d\s\-()]{6,20}$/.test(form.phone)) return refuse(ctx, `${form.phone.slice(0, 40)} is not a phone number we can call`);
  if (form.department && !toDepartment(form.department)) return refuse(ctx, `${form.department.slice(0, 60)} is not one of our departments`);
  if (!form.department && !form.doctor) return refuse(ctx, chooseDepartment);
  if (!form.date) return refuse(ctx, 'Please choose the day you would like to come');
  if (!form.time) return refuse(ctx, 'Please choose the time of day you would like to come');
  if (wasRefused(futureSlot(form.date, form.time, timeZone, requestingWords, ctx))) return;
  if (reasonOf(form).length > maxReasonLength) refuse(ctx, `Please shorten the reason to ${maxReasonLength} characters`);
}

/** The reason, under either name the forms give it. */
export const reasonOf = (form: { reason: string; note: string }) => form.reason || form.note;

const requestFields = z.object({
  name: cleanText().describe("Her name (a guest must give it; a patient's is her account's)"),
  email: cleanText(),
  phone: cleanText().describe('A number the clinic can call (a guest must give it)'),
  department: cleanText(),
  doctor: cleanText().describe("A doctor's name"),
  date: dateField().describe('The preferred day, YYYY-MM-DD'),
  time: timeField().describe('The preferred time, HH:MM'),
  reason: cleanText().describe(`At most ${maxReasonLength} characters`),
  note: cleanText().describe('The reason, as older forms name it'),
});

/** `POST appointment/requests`: the fields checked in order (requestProblem); whether the named doctor exists is the service's. */
export const requestBody = (timeZone: string) => requestFields.superRefine((form, ctx) => requestProblem(form, ctx, timeZone));
export type RequestFields = z.output<typeof requestFields>;

export const acceptBody = z.object({ appointment: requiredText('Please choose the slot to offer').describe('The id of the free slot to offer') });
export const declineBody = z.object({
  reason: checked((reason, ctx) => {
    if (!reason) return refuse(ctx, 'Please say why the request is declined, so the patient knows what to do');
    return reason.length > maxDeclineLength ? refuse(ctx, `Please shorten the reason to ${maxDeclineLength} characters`) : reason;
  }).describe(`Why it is declined (the patient reads it), at most ${maxDeclineLength} characters`),
});
