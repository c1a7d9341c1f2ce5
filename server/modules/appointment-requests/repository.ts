import type { Kysely } from 'kysely';
import type { DB } from '../../db/index.js';
import type { AppointmentRequestsTable, Database } from '../../db/schema.js';
import type { RequestRow } from './dto.js';

type Executor = Kysely<Database>;

/** The newest requests a list shows. */
const listLimit = 200;

/** Appointment requests; queries only. */
export function appointmentRequestsRepository(db: DB) {
  const withNames = () =>
    db
      .selectFrom('appointment_requests as r')
      .leftJoin('users as d', 'd.id', 'r.doctor_id')
      .leftJoin('appointments as a', 'a.id', 'r.appointment_id')
      .leftJoin('users as ad', 'ad.id', 'a.doctor_id')
      .select([
        'r.id',
        'r.patient_id',
        'r.name',
        'r.email',
        'r.phone',
        'r.doctor_id',
        'd.name as doctor_name',
        'r.department',
        'r.preferred_date',
        'r.preferred_time',
        'r.reason',
        'r.status',
        'r.decline_reason',
        'r.appointment_id',
        'a.starts_at as slot_starts_at',
        'ad.name as slot_doctor_name',
        'r.created_at',
      ]);

  const newestFirst = <T extends ReturnType<typeof withNames>>(q: T) => q.orderBy('r.created_at', 'desc').orderBy('r.id', 'desc').limit(listLimit);

  return {
    insert: (row: AppointmentRequestsTable) => db.insertInto('appointment_requests').values(row).execute(),

    findById: (id: string): Promise<RequestRow | undefined> => withNames().where('r.id', '=', id).executeTakeFirst(),

    ofPatient: (patientId: string): Promise<RequestRow[]> => newestFirst(withNames().where('r.patient_id', '=', patientId)).execute(),

    /** Requests naming the doctor, and requests for the doctor's department that name nobody. */
    forDoctor: (doctorId: string, department: string): Promise<RequestRow[]> =>
      newestFirst(
        withNames().where((eb) => eb.or([eb('r.doctor_id', '=', doctorId), eb.and([eb('r.doctor_id', 'is', null), eb('r.department', '=', department)])])),
      ).execute(),

    all: (): Promise<RequestRow[]> => newestFirst(withNames()).execute(),

    findDoctorByName: (name: string) =>
      db
        .selectFrom('users')
        .select(['id', 'name', 'specialization'])
        .where('role', '=', 'doctor')
        // Only a listed (approved) doctor can be asked for.
        .where('status', '=', 'approved')
        .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()))
        .executeTakeFirst(),

    findUser: (id: string) => db.selectFrom('users').select(['id', 'name', 'email', 'phone', 'role', 'specialization']).where('id', '=', id).executeTakeFirst(),

    /** Free slots that have not started, of one doctor or of every doctor in a department. */
    freeSlots: (filter: { doctorId?: string; department?: string }, now: string) => {
      let q = db
        .selectFrom('appointments as a')
        .innerJoin('users as d', 'd.id', 'a.doctor_id')
        .select(['a.id', 'a.starts_at', 'a.doctor_id', 'd.name as doctor_name', 'd.specialization'])
        .where('a.reserved', '=', 0)
        .where('d.status', '=', 'approved')
        .where('a.starts_at', '>', now);
      if (filter.doctorId) q = q.where('a.doctor_id', '=', filter.doctorId);
      if (filter.department) q = q.where('d.specialization', '=', filter.department);
      return q.orderBy('a.starts_at').limit(100).execute();
    },

    findSlot: (id: string) =>
      db
        .selectFrom('appointments as a')
        .innerJoin('users as d', 'd.id', 'a.doctor_id')
        .select(['a.id', 'a.starts_at', 'a.doctor_id', 'a.reserved', 'd.name as doctor_name', 'd.specialization'])
        .where('a.id', '=', id)
        .executeTakeFirst(),

    /** Answers a request once: the condition `status = 'pending'` is checked in the statement that writes. */
    async answer(
      trx: Executor,
      id: string,
      change: Pick<AppointmentRequestsTable, 'status' | 'decline_reason' | 'appointment_id' | 'handled_by' | 'updated_at'>,
    ): Promise<boolean> {
      const result = await trx.updateTable('appointment_requests').set(change).where('id', '=', id).where('status', '=', 'pending').executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** A line in the patient–doctor chat, written by the doctor, so the patient hears of it. */
    async tellInChat(trx: Executor, chatId: string, doctorId: string, content: string, id: string, now: string) {
      await trx.insertInto('messages').values({ id, chat_id: chatId, sender_id: doctorId, content, created_at: now }).execute();
      await trx.updateTable('chats').set({ last_message: content, updated_at: now }).where('id', '=', chatId).execute();
    },
  };
}
export type AppointmentRequestsRepository = ReturnType<typeof appointmentRequestsRepository>;
