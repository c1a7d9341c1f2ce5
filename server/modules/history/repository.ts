import { sql } from 'kysely';
import type { DB } from '../../db/index.js';
import type { HistoriesTable, HistoryAccessLogTable } from '../../db/schema.js';
import type { EntryTable } from './kinds.js';

/** Queries only: which rows may be touched is decided in the service. */
export function historyRepository(db: DB) {
  return {
    findPerson: (id: string) =>
      db
        .selectFrom('users')
        .select(['id', 'role', 'name', 'image', 'phone', 'email', 'gender', 'blood_type', 'height', 'weight'])
        .where('id', '=', id)
        .executeTakeFirst(),

    /**
     * The latest reservation the patient holds with the doctor that started after `since`: an
     * upcoming one, or one inside the care period. A slot she gave back or he deleted is not here.
     */
    careSlot: (doctorId: string, patientId: string, since: string) =>
      db
        .selectFrom('appointments')
        .select(['id', 'starts_at'])
        .where('doctor_id', '=', doctorId)
        .where('patient_id', '=', patientId)
        .where('reserved', '=', 1)
        .where('starts_at', '>=', since)
        .orderBy('starts_at', 'desc')
        .limit(1)
        .executeTakeFirst(),

    /** One counter per patient and address: a flood of refused guest reads is one row, not thousands. */
    countGuestRefusal: (patientId: string, address: string, now: string) =>
      db
        .insertInto('history_guest_refusals')
        .values({ patient_id: patientId, address, count: 1, first_at: now, last_at: now })
        .onConflict((oc) =>
          oc.columns(['patient_id', 'address']).doUpdateSet({ count: sql<number>`history_guest_refusals.count + 1`, last_at: now }),
        )
        .execute(),

    guestRefusals: (patientId: string) =>
      db
        .selectFrom('history_guest_refusals')
        .select(['address', 'count', 'first_at', 'last_at'])
        .where('patient_id', '=', patientId)
        .orderBy('last_at', 'desc')
        .limit(50)
        .execute(),

    findLab: (entryId: string) =>
      db
        .selectFrom('history_lab_tests')
        .innerJoin('histories', 'histories.id', 'history_lab_tests.history_id')
        .select(['history_lab_tests.id', 'history_lab_tests.result', 'histories.patient_id'])
        .where('history_lab_tests.id', '=', entryId)
        .executeTakeFirst(),

    async isDoctor(id: string): Promise<boolean> {
      const row = await db.selectFrom('users').select('id').where('id', '=', id).where('role', '=', 'doctor').executeTakeFirst();
      return Boolean(row);
    },

    findHistory: (patientId: string) => db.selectFrom('histories').selectAll().where('patient_id', '=', patientId).executeTakeFirst(),

    /** Two first visits racing each other create one history: the unique patient_id decides. */
    createHistory: (row: HistoriesTable) =>
      db
        .insertInto('histories')
        .values(row)
        .onConflict((oc) => oc.column('patient_id').doNothing())
        .execute(),

    async entries(historyId: string) {
      const byAge = <T extends { created_at: string; id: string }>(rows: T[]) =>
        rows.sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id));
      const [medicines, diagnoses, chronic, genetic, surgeries, continuous, labs] = await Promise.all([
        db.selectFrom('history_medicines').selectAll().where('history_id', '=', historyId).execute(),
        db
          .selectFrom('history_diagnoses')
          .leftJoin('users', 'users.id', 'history_diagnoses.doctor_id')
          .select([
            'history_diagnoses.id',
            'history_diagnoses.diagnosis',
            'history_diagnoses.notes',
            'history_diagnoses.doctor_id',
            'history_diagnoses.created_at',
            'users.name as doctor_name',
          ])
          .where('history_diagnoses.history_id', '=', historyId)
          .execute(),
        db.selectFrom('history_chronic_diseases').selectAll().where('history_id', '=', historyId).execute(),
        db.selectFrom('history_genetic_diseases').selectAll().where('history_id', '=', historyId).execute(),
        db.selectFrom('history_surgeries').selectAll().where('history_id', '=', historyId).execute(),
        db.selectFrom('history_continuous_medications').selectAll().where('history_id', '=', historyId).execute(),
        db.selectFrom('history_lab_tests').selectAll().where('history_id', '=', historyId).execute(),
      ]);
      return {
        medicines: byAge(medicines),
        diagnoses: byAge(diagnoses),
        chronic: byAge(chronic),
        genetic: byAge(genetic),
        surgeries: byAge(surgeries),
        continuous: byAge(continuous),
        labs: byAge(labs),
      };
    },

    insertEntry: (table: EntryTable, row: Record<string, unknown>) =>
      db
        .insertInto(table)
        .values(row as never)
        .execute(),

    findLabResult: (id: string, historyId: string) =>
      db.selectFrom('history_lab_tests').select('result').where('id', '=', id).where('history_id', '=', historyId).executeTakeFirst(),

    /** Deletes one entry of one history; the history id keeps anyone from deleting another's entry. */
    async deleteEntry(table: EntryTable, id: string, historyId: string): Promise<boolean> {
      const result = await db
        .deleteFrom(table)
        .where('id', '=', id)
        .where('history_id', '=', historyId)
        .executeTakeFirst();
      return Number(result.numDeletedRows) === 1;
    },

    touchHistory: (historyId: string, now: string) => db.updateTable('histories').set({ updated_at: now }).where('id', '=', historyId).execute(),

    /** The access log only ever grows: there is no update or delete here. */
    appendLog: (row: HistoryAccessLogTable) => db.insertInto('history_access_log').values(row).execute(),

    logFor: (patientId: string, limit: number, offset: number) =>
      db
        .selectFrom('history_access_log')
        .selectAll()
        .where('patient_id', '=', patientId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute(),

    async logCount(patientId: string): Promise<number> {
      const row = await db
        .selectFrom('history_access_log')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('patient_id', '=', patientId)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}

export type HistoryRepository = ReturnType<typeof historyRepository>;
