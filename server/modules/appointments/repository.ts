import { sql, type Insertable, type Kysely } from 'kysely';
import type { DB, Dialect } from '../../db/index.js';
import type { AppointmentsTable, Attendance, Database } from '../../db/schema.js';
import { newId } from '../../lib/ids.js';

type Executor = Kysely<Database>;

/** How long an appointment lasts: two of one patient's appointments closer than this overlap; also the calendar event's length. */
export const appointmentMinutes = 30;

/** Appointment slots, reservations and what a reservation opens (care relation, chat); queries only. */
export function appointmentsRepository(db: DB, dialect: Dialect) {
  /** Slots with their doctor, holder and the holder's chat with the doctor. */
  const slotsWithPeople = () =>
    db
      .selectFrom('appointments as a')
      .innerJoin('users as d', 'd.id', 'a.doctor_id')
      .leftJoin('users as p', 'p.id', 'a.patient_id')
      .leftJoin('chats as c', (join) => join.onRef('c.sender_id', '=', 'a.patient_id').onRef('c.receiver_id', '=', 'a.doctor_id'))
      .select([
        'a.id',
        'a.doctor_id',
        'a.starts_at',
        'a.reserved',
        'a.patient_id',
        'a.attendance',
        'a.held_for',
        'a.held_until',
        'd.name as doctor_name',
        'd.specialization as doctor_specialization',
        'd.image as doctor_image',
        'd.status as doctor_status',
        'p.name as patient_name',
        'c.id as chat_id',
      ]);

  return {
    /** A doctor's own slots, earliest first. */
    ofDoctor: (doctorId: string) => slotsWithPeople().where('a.doctor_id', '=', doctorId).orderBy('a.starts_at').execute(),

    /** The slots a patient holds, earliest first. */
    ofPatient: (patientId: string) => slotsWithPeople().where('a.patient_id', '=', patientId).orderBy('a.starts_at').execute(),

    findById: (id: string) => slotsWithPeople().where('a.id', '=', id).executeTakeFirst(),

    existsAt: async (doctorId: string, startsAt: string) =>
      Boolean(await db.selectFrom('appointments').select('id').where('doctor_id', '=', doctorId).where('starts_at', '=', startsAt).executeTakeFirst()),

    insert: (row: Insertable<AppointmentsTable>) => db.insertInto('appointments').values(row).execute(),

    /**
     * Takes a free slot for a patient. The condition `reserved = 0` is checked by the database in the
     * same statement that writes, so of any number of concurrent attempts exactly one changes a row.
     */
    async reserve(trx: Executor, slotId: string, doctorId: string, patientId: string, now: string): Promise<boolean> {
      const result = await trx
        .updateTable('appointments')
        .set({ reserved: 1, patient_id: patientId, held_for: null, held_until: null, updated_at: now })
        .where('id', '=', slotId)
        .where('doctor_id', '=', doctorId)
        .where('reserved', '=', 0)
        .where('starts_at', '>', now)
        // A slot offered to a waitlisted patient is hers until the offer runs out.
        .where((eb) => eb.or([eb('held_for', 'is', null), eb('held_for', '=', patientId), eb('held_until', '<=', now)]))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /**
     * Another appointment the patient holds that overlaps an appointment starting at `startsAt`
     * (each lasts `appointmentMinutes`). Run after `upcomingOfPatientLocked`, so two reservations of
     * the same patient at once are checked one after the other.
     */
    overlapping: (trx: Executor, patientId: string, startsAt: string, excludeSlotId: string | null) => {
      const start = Date.parse(startsAt);
      let q = trx
        .selectFrom('appointments as a')
        .innerJoin('users as d', 'd.id', 'a.doctor_id')
        .select(['a.id', 'a.starts_at', 'd.name as doctor_name'])
        .where('a.patient_id', '=', patientId)
        .where('a.starts_at', '>', new Date(start - appointmentMinutes * 60000).toISOString())
        .where('a.starts_at', '<', new Date(start + appointmentMinutes * 60000).toISOString());
      if (excludeSlotId) q = q.where('a.id', '!=', excludeSlotId);
      return q.orderBy('a.starts_at').executeTakeFirst();
    },

    /** A doctor's free slots that have not started and are not held for someone else, earliest first. */
    freeSlotsOf: (executor: Executor, doctorId: string, now: string, limit: number, until?: string) => {
      let q = executor
        .selectFrom('appointments')
        .select(['id', 'starts_at'])
        .where('doctor_id', '=', doctorId)
        .where('reserved', '=', 0)
        .where('starts_at', '>', now)
        .where((eb) => eb.or([eb('held_for', 'is', null), eb('held_until', '<=', now)]));
      if (until) q = q.where('starts_at', '<=', until);
      return q.orderBy('starts_at').limit(limit).execute();
    },

    /**
     * Moves the patient's reservation to another free slot of the same doctor: the new slot is taken
     * by a conditional update first, then the old one is given back by another (only while it is
     * still hers and before the cutoff). Both run in the caller's transaction, so the old slot is
     * freed only when the new one was taken. Returns which step failed, if any.
     */
    async move(trx: Executor, fromId: string, toId: string, doctorId: string, patientId: string, now: string, cutoff: string) {
      if (!(await this.reserve(trx, toId, doctorId, patientId, now))) return 'taken' as const;
      return (await this.release(trx, fromId, patientId, cutoff, now, doctorId)) ? ('moved' as const) : ('not-yours' as const);
    },

    /**
     * How many upcoming slots the patient holds, read after taking a lock on the patient's row, so
     * two reservations by the same patient at once are counted one after the other. (SQLite runs
     * one write transaction at a time already.)
     */
    /** Whether her email address counts as verified (an account without a security row counts as verified). */
    async emailVerified(executor: Executor, userId: string): Promise<boolean> {
      const row = await executor.selectFrom('account_security').select('email_verified').where('user_id', '=', userId).executeTakeFirst();
      return Number(row?.email_verified ?? 1) !== 0;
    },

    async upcomingOfPatientLocked(trx: Executor, patientId: string, now: string): Promise<number> {
      if (dialect === 'postgres') await sql`select id from users where id = ${patientId} for update`.execute(trx);
      const row = await trx
        .selectFrom('appointments')
        .select((a) => a.fn.countAll<number | string>().as('n'))
        .where('patient_id', '=', patientId)
        .where('starts_at', '>', now)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** Records that the patient holds or held a reservation with the doctor (kept after cancelling). */
    ensureCareRelation: (trx: Executor, doctorId: string, patientId: string, now: string) =>
      trx
        .insertInto('care_relations')
        .values({ doctor_id: doctorId, patient_id: patientId, first_reserved_at: now })
        .onConflict((oc) => oc.columns(['doctor_id', 'patient_id']).doNothing())
        .execute(),

    /** The patient→doctor conversation, created on the first reservation between the two. */
    async ensureChat(trx: Executor, patientId: string, doctorId: string, now: string): Promise<string> {
      await trx
        .insertInto('chats')
        .values({ id: newId(), sender_id: patientId, receiver_id: doctorId, last_message: '', created_at: now, updated_at: now })
        .onConflict((oc) => oc.columns(['sender_id', 'receiver_id']).doNothing())
        .execute();
      const chat = await trx.selectFrom('chats').select('id').where('sender_id', '=', patientId).where('receiver_id', '=', doctorId).executeTakeFirstOrThrow();
      return chat.id;
    },

    /** The owning doctor records whether the patient came; only for a held slot whose time has passed. */
    async markAttendance(slotId: string, doctorId: string, attendance: Attendance, now: string): Promise<boolean> {
      const result = await db
        .updateTable('appointments')
        .set({ attendance, updated_at: now })
        .where('id', '=', slotId)
        .where('doctor_id', '=', doctorId)
        .where('patient_id', 'is not', null)
        .where('starts_at', '<=', now)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /**
     * Takes away the patient's rating of the doctor unless another visit still carries it (a held
     * slot whose time has passed, not marked a no-show): one statement, so a visit marked attended
     * meanwhile keeps it. The doctor's average follows the ratings by trigger (migration 210).
     */
    removeRatingWithoutVisit: (doctorId: string, patientId: string, now: string) =>
      db
        .deleteFrom('ratings')
        .where('doctor_id', '=', doctorId)
        .where('patient_id', '=', patientId)
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('appointments')
                .select('id')
                .where('doctor_id', '=', doctorId)
                .where('patient_id', '=', patientId)
                .where('starts_at', '<=', now)
                .where('attendance', '!=', 'no_show'),
            ),
          ),
        )
        .execute(),

    /**
     * The owning doctor removes a slot, only while it is held by whom he saw holding it (`patientId`,
     * null for a free slot), so a reservation made meanwhile is never deleted unannounced.
     */
    async remove(trx: Executor, slotId: string, doctorId: string, patientId: string | null, now: string): Promise<boolean> {
      let query = trx
        .deleteFrom('appointments')
        .where('id', '=', slotId)
        .where('doctor_id', '=', doctorId)
        .where('patient_id', patientId === null ? 'is' : '=', patientId);
      // A held slot whose time has passed is the record of the visit: it stays.
      if (patientId !== null) query = query.where('starts_at', '>', now);
      const result = await query.executeTakeFirst();
      return Number(result.numDeletedRows) === 1;
    },

    /**
     * The holding patient gives a slot back before the cutoff; it becomes free for others. A past one stays as the visit's record.
     * With `doctorId`, only a slot of that doctor (a move stays with the same doctor).
     */
    async release(trx: Executor, slotId: string, patientId: string, cutoff: string, now: string, doctorId?: string): Promise<boolean> {
      let query = trx
        .updateTable('appointments')
        .set({ reserved: 0, patient_id: null, updated_at: now })
        .where('id', '=', slotId)
        .where('patient_id', '=', patientId);
      if (doctorId !== undefined) query = query.where('doctor_id', '=', doctorId);
      const result = await query.where('starts_at', '>', cutoff).executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
  };
}
export type AppointmentsRepository = ReturnType<typeof appointmentsRepository>;
export type SlotWithPeople = NonNullable<Awaited<ReturnType<AppointmentsRepository['findById']>>>;
