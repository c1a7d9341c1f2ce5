import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

type Executor = Kysely<Database>;

/** Calendar events of reservations; queries only, each run in the transaction of the change it follows. */
export const calendarRepository = {
  /** A new reservation opens a new event. */
  open: (trx: Executor, entry: { uid: string; appointmentId: string; patientId: string; doctorId: string; startsAt: string; now: string }) =>
    trx
      .insertInto('calendar_entries')
      .values({
        uid: entry.uid,
        appointment_id: entry.appointmentId,
        patient_id: entry.patientId,
        doctor_id: entry.doctorId,
        starts_at: entry.startsAt,
        sequence: 0,
        cancelled_at: null,
        cancel_reason: '',
        created_at: entry.now,
        updated_at: entry.now,
      })
      .execute(),

  /**
   * A reservation made before calendar files existed (or seeded) gets its event when first asked
   * for; the UID is derived from the slot and the patient, so every instance picks the same one.
   */
  adopt: (db: Executor, slot: { id: string; doctor_id: string; patient_id: string; starts_at: string }, now: string) =>
    db
      .insertInto('calendar_entries')
      .values({
        uid: `${slot.id}.${slot.patient_id}`,
        appointment_id: slot.id,
        patient_id: slot.patient_id,
        doctor_id: slot.doctor_id,
        starts_at: slot.starts_at,
        sequence: 0,
        cancelled_at: null,
        cancel_reason: '',
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) => oc.column('uid').doNothing())
      .execute(),

  /** A moved reservation keeps its event: same UID, the new slot and time, the next sequence. */
  move: (trx: Executor, fromSlot: string, patientId: string, to: { appointmentId: string; startsAt: string }, now: string) =>
    trx
      .updateTable('calendar_entries')
      .set((eb) => ({ appointment_id: to.appointmentId, starts_at: to.startsAt, sequence: eb('sequence', '+', 1), updated_at: now }))
      .where('appointment_id', '=', fromSlot)
      .where('patient_id', '=', patientId)
      .where('cancelled_at', 'is', null)
      .execute(),

  /** A cancelled reservation's event is kept, marked cancelled with the next sequence. */
  cancel: (trx: Executor, slotId: string, patientId: string, reason: string, now: string) =>
    trx
      .updateTable('calendar_entries')
      .set((eb) => ({ cancelled_at: now, cancel_reason: reason, sequence: eb('sequence', '+', 1), updated_at: now }))
      .where('appointment_id', '=', slotId)
      .where('patient_id', '=', patientId)
      .where('cancelled_at', 'is', null)
      .execute(),

  /** The latest event on a slot that this person may read: the patient's own, or any on the doctor's slot. */
  latestFor: (db: Executor, slotId: string, viewerId: string) =>
    db
      .selectFrom('calendar_entries as e')
      .innerJoin('users as d', 'd.id', 'e.doctor_id')
      .innerJoin('users as p', 'p.id', 'e.patient_id')
      .select([
        'e.uid',
        'e.appointment_id',
        'e.patient_id',
        'e.doctor_id',
        'e.starts_at',
        'e.sequence',
        'e.cancelled_at',
        'e.cancel_reason',
        'e.updated_at',
        'd.name as doctor_name',
        'd.specialization as doctor_specialization',
        'd.location as doctor_location',
        'p.name as patient_name',
      ])
      .where('e.appointment_id', '=', slotId)
      .where((eb) => eb.or([eb('e.patient_id', '=', viewerId), eb('e.doctor_id', '=', viewerId)]))
      // The live event first, then the most recently changed cancelled one.
      .orderBy((eb) => eb.case().when('e.cancelled_at', 'is', null).then(0).else(1).end())
      .orderBy('e.updated_at', 'desc')
      .executeTakeFirst(),

  /** The live event of a patient's reservation on a slot. */
  liveOf: (db: Executor, slotId: string, patientId: string) =>
    db
      .selectFrom('calendar_entries')
      .select('uid')
      .where('appointment_id', '=', slotId)
      .where('patient_id', '=', patientId)
      .where('cancelled_at', 'is', null)
      .executeTakeFirst(),
};

export type CalendarEntry = NonNullable<Awaited<ReturnType<typeof calendarRepository.latestFor>>>;
