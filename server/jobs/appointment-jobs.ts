import type { Kysely } from 'kysely';
import type { Database, ScheduledJobKind, ScheduledJobsTable } from '../db/schema.js';
import { newId } from '../lib/ids.js';
import { utcToClinicTime } from '../lib/clinic-time.js';
import type { NotificationInput } from '../modules/notifications/service.js';
import { jobsRepository } from './repository.js';
import { doctorTitled } from '../lib/names.js';

const HOUR = 3_600_000;

/** When each job runs, relative to the appointment's start. */
export const jobOffsets: Record<ScheduledJobKind, number> = {
  reminder_24h: -24 * HOUR,
  reminder_2h: -2 * HOUR,
  // Slots have no length; an hour after the start the visit is over.
  rating_prompt: HOUR,
};

/** A rating prompt found this late (the portal was down for a week) is no longer worth sending. */
const RATING_PROMPT_STALE_MS = 7 * 24 * HOUR;

export interface PlannedAppointment {
  id: string;
  patient_id: string | null;
  /** ISO instant in UTC, as stored. */
  starts_at: string;
}

/**
 * Plans the reminders (24 h and 2 h before) and the rating prompt (after) of a reserved appointment,
 * replacing any pending ones, so calling it again after a reschedule re-plans. Call inside the
 * transaction that reserves or moves the slot. A reminder whose time has already passed when the
 * slot is booked is not planned (booking at 10:00 for 15:00 gets the 2 h reminder only).
 */
export async function planAppointmentJobs(trx: Kysely<Database>, appointment: PlannedAppointment, now: Date = new Date()): Promise<void> {
  const repo = jobsRepository(trx);
  const at = now.toISOString();
  await repo.cancelPending(appointment.id, 'planned again', at);
  if (!appointment.patient_id) return;
  const start = new Date(appointment.starts_at).getTime();
  const rows: ScheduledJobsTable[] = [];
  for (const kind of Object.keys(jobOffsets) as ScheduledJobKind[]) {
    const runAt = start + jobOffsets[kind];
    if (kind !== 'rating_prompt' && runAt <= now.getTime()) continue;
    rows.push({
      id: newId(),
      kind,
      appointment_id: appointment.id,
      patient_id: appointment.patient_id,
      starts_at: appointment.starts_at,
      run_at: new Date(runAt).toISOString(),
      status: 'pending',
      outcome: '',
      claimed_by: null,
      finished_at: null,
      created_at: at,
    });
  }
  await repo.insert(rows);
}

/** Stops the pending jobs of an appointment that was released, deleted or is about to be re-planned. Call inside that transaction. */
export async function cancelAppointmentJobs(trx: Kysely<Database>, appointmentId: string, now: Date = new Date()): Promise<void> {
  await jobsRepository(trx).cancelPending(appointmentId, 'appointment cancelled', now.toISOString());
}

/**
 * What a due job says, decided inside the claiming transaction from the appointment as it is now:
 * a reminder for a slot that was released, moved or given to someone else is skipped with the
 * reason, never sent; so is a 24 h reminder found after the 2 h one is due (the portal was down).
 */
export async function appointmentJobMessage(
  trx: Kysely<Database>,
  job: ScheduledJobsTable,
  now: Date,
  timeZone: string,
): Promise<{ skip: string } | { notification: NotificationInput }> {
  const slot = await trx
    .selectFrom('appointments as a')
    .innerJoin('users as d', 'd.id', 'a.doctor_id')
    .select(['a.patient_id', 'a.starts_at', 'a.attendance', 'd.name as doctor_name'])
    .where('a.id', '=', job.appointment_id)
    .executeTakeFirst();
  if (!slot || slot.patient_id !== job.patient_id) return { skip: 'no longer reserved by this patient' };
  if (slot.starts_at !== job.starts_at) return { skip: 'the appointment moved' };
  const start = new Date(slot.starts_at).getTime();
  const { date, time } = utcToClinicTime(new Date(slot.starts_at), timeZone);
  const when = `on ${date} at ${time}`;
  if (job.kind === 'rating_prompt') {
    if (slot.attendance === 'no_show') return { skip: 'the patient did not come' };
    if (now.getTime() - start > RATING_PROMPT_STALE_MS) return { skip: 'too late to ask' };
    return {
      notification: {
        userId: job.patient_id,
        event: 'visit_rating_prompt',
        title: 'How was your visit?',
        body: `Tell other patients how your visit with ${doctorTitled(slot.doctor_name)} ${when} went: rate it on the doctor's page.`,
        link: `/doctor/${encodeURIComponent(slot.doctor_name)}`,
        message: { key: 'visit_rating_prompt', doctor: slot.doctor_name, startsAt: slot.starts_at },
      },
    };
  }
  if (now.getTime() >= start) return { skip: 'the appointment has begun' };
  if (job.kind === 'reminder_24h' && now.getTime() >= start + jobOffsets.reminder_2h) return { skip: 'the 2-hour reminder is due instead' };
  const ahead = job.kind === 'reminder_24h' ? 'tomorrow' : 'in 2 hours';
  return {
    notification: {
      userId: job.patient_id,
      event: 'appointment_reminder',
      title: `Reminder: your appointment with ${doctorTitled(slot.doctor_name)} is ${ahead}`,
      body: `Your appointment with ${doctorTitled(slot.doctor_name)} is ${when} (clinic time).`,
      link: '/settings/appointments',
      message: { key: 'appointment_reminder', doctor: slot.doctor_name, startsAt: slot.starts_at, ahead: job.kind === 'reminder_24h' ? '24h' : '2h' },
    },
  };
}
