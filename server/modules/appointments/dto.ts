import { z } from 'zod';
import { slotDateFields } from './slot-time.js';
import { fromFlag } from '../../lib/mappers.js';
import { ATTENDANCE_VALUES } from '../../../shared/appointment-attendance.js';

const slotDates = {
  date: z.string(),
  time: z.string(),
  startsAt: z.string(),
  timeZone: z.string(),
};

/** A slot as listed on a doctor's page: `patient` is the holder's bare id, given only to the holder herself. */
export const availableDateSchema = z.object({
  _id: z.string(),
  ...slotDates,
  reserved: z.boolean(),
  patient: z.string().nullable(),
  /** The holder's conversation with the doctor, given only to the holder. */
  chat: z.string().nullable(),
  /** Held for a waitlisted patient until this time: only she may reserve it meanwhile. `heldForYou` tells her it is hers. */
  heldUntil: z.string().nullable(),
  heldForYou: z.boolean(),
});
export type AvailableDateDto = z.infer<typeof availableDateSchema>;

/** A slot in GET appointment: the doctor's own slots with the patient, or the patient's with the doctor. */
export const appointmentSchema = z.object({
  _id: z.string(),
  ...slotDates,
  reserved: z.boolean(),
  doctor: z.object({ _id: z.string(), name: z.string(), specialization: z.string(), image: z.string() }),
  patient: z.object({ _id: z.string(), name: z.string() }).nullable(),
  /** The patient–doctor conversation, when the slot is reserved. */
  chat: z.string().nullable(),
  /** After the slot's time the doctor records `attended` or `no_show`; '' until then. */
  attendance: z.enum(ATTENDANCE_VALUES),
  /** The last moment the patient may cancel or move it (CANCEL_CUTOFF_HOURS before it starts). */
  changeableUntil: z.string(),
});
export type AppointmentDto = z.infer<typeof appointmentSchema>;

export interface SlotRow {
  id: string;
  doctor_id: string;
  starts_at: string;
  reserved: number;
  patient_id: string | null;
  held_for: string | null;
  held_until: string | null;
}

/** `viewerId` is who asks: a public page never tells anyone else who holds a slot. */
export function toAvailableDate(row: SlotRow, timeZone: string, holderChat: string | null, viewerId: string | null): AvailableDateDto {
  const own = viewerId !== null && row.patient_id === viewerId;
  return {
    _id: row.id,
    ...slotDateFields(row.starts_at, timeZone),
    reserved: fromFlag(row.reserved),
    patient: own ? row.patient_id : null,
    chat: own ? holderChat : null,
    heldUntil: row.held_until && row.held_until > new Date().toISOString() && !fromFlag(row.reserved) ? row.held_until : null,
    heldForYou: viewerId !== null && row.held_for === viewerId && !fromFlag(row.reserved),
  };
}
