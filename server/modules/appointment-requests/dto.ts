import type { AppointmentRequestsTable } from '../../db/schema.js';
import { REQUEST_STATUSES } from '../../../shared/appointment-request.js';
import { z } from 'zod';
import { cleanText } from '../../lib/form-schema.js';
import { slotDateFields } from '../appointments/slot-time.js';

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

/** `POST appointment/requests`: who may leave out which field depends on who asks, so the service checks them. */
export const requestBody = z.object({
  name: cleanText().describe('Her name (a guest must give it)'),
  email: cleanText(),
  phone: cleanText().describe('A number the clinic can call (a guest must give it)'),
  department: cleanText(),
  doctor: cleanText().describe("A doctor's name"),
  date: cleanText().describe('The preferred day, YYYY-MM-DD'),
  time: cleanText().describe('The preferred time, HH:MM'),
  reason: cleanText(),
  note: cleanText().describe('The reason, as older forms name it'),
});
export const acceptBody = z.object({ appointment: cleanText().describe('The id of the free slot to offer') });
export const declineBody = z.object({ reason: cleanText().describe('Why it is declined (the patient reads it)') });
