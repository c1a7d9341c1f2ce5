import { z } from 'zod';
import { futureSlot, publishingWords, slotDateFields, typedDate, typedTime } from './slot-time.js';
import { checked, cleanText, refuse } from '../../lib/form-schema.js';
import { cleanField } from '../../lib/form-text.js';
import { queryText } from '../../lib/schemas.js';
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

/** A slot's or a requested visit's date and time: read into YYYY-MM-DD and HH:MM (checked by the form's superRefine). */
export const dateField = () => cleanText().transform(typedDate).describe('YYYY-MM-DD (YYYY/MM/DD, MM/DD/YYYY and MM-DD-YYYY are read too)');
export const timeField = () => cleanText().transform(typedTime).describe('HH:MM (2:30 pm and 14:30:00 are read too)');

/** `POST appointment`: the slot a doctor publishes, read in the clinic's time zone at the moment it is sent. */
export const slotBody = (timeZone: string) =>
  z.object({ date: dateField(), time: timeField() }).superRefine((form, ctx) => void futureSlot(form.date, form.time, timeZone, publishingWords, ctx));

/** The slot a query or path names (whether it exists is the service's 404). */
export const chosenSlot = (action: string) =>
  queryText
    .transform((value, ctx) => cleanField(value) || refuse(ctx, `Please choose the appointment to ${action}`))
    .describe('The id of the appointment slot');

/** `POST appointment/attendance`: attended or no_show (no-show and any case accepted). */
export const attendanceBody = z.object({
  attendance: checked((text, ctx) => {
    const attendance = text.toLowerCase().replace('-', '_');
    const recorded = ATTENDANCE_VALUES.find((value) => value !== '' && value === attendance);
    return recorded || refuse(ctx, 'Please choose whether the patient attended or did not show up');
  }).describe('attended or no_show'),
});
