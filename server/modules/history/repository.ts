import { sql, type Kysely, type Selectable, type Transaction, type UpdateQueryBuilder, type UpdateResult } from 'kysely';
import type { DB } from '../../db/index.js';
import type {
  Database,
  HistoriesTable,
  HistoryAccessLogTable,
  HistoryAllergiesTable,
  HistoryChronicDiseasesTable,
  HistoryContinuousMedicationsTable,
  HistoryDiagnosesTable,
  HistoryGeneticDiseasesTable,
  HistoryLabTestsTable,
  HistoryMedicinesTable,
  HistorySurgeriesTable,
} from '../../db/schema.js';
import { kinds, type EntryTable } from './kinds.js';

/** The columns every entry table shares, as read. */
type HistoryEntryRow = Selectable<HistoryMedicinesTable>;
/** Who wrote an entry, joined from the accounts (null when the account is gone or the entry predates authorship). */
interface Authorship {
  author_name: string | null;
  author_role: string | null;
}

const entryTables = Object.values(kinds).map((k) => k.table);

type EntryUpdate = UpdateQueryBuilder<any, any, any, UpdateResult>;

/** Queries only: which rows may be touched is decided in the service. */
export function historyRepository(db: DB | Transaction<Database>) {
  /**
   * Sets `values` on one entry of one history while `still` holds, and says whether it did. The
   * history id keeps anyone from reaching another's entry; the condition makes two racing changes
   * (two removals, a removal and its undo) apply once.
   */
  const changeEntry = async (
    table: EntryTable,
    id: string,
    historyId: string,
    values: { deleted_at: string | null } | { hidden_at: string | null },
    still: (update: EntryUpdate) => EntryUpdate,
  ) => {
    const update = (db as Kysely<any>).updateTable(table).set(values).where('id', '=', id).where('history_id', '=', historyId);
    const result = await still(update).executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  };

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
        .onConflict((oc) => oc.columns(['patient_id', 'address']).doUpdateSet({ count: sql<number>`history_guest_refusals.count + 1`, last_at: now }))
        .execute(),

    /**
     * Counts a signed-in account's refusal in its hour. Returns the log row the count belongs to and
     * whether this refusal is the hour's first (the one whose row is still to be written).
     */
    async countAccountRefusal(key: { patientId: string; actorId: string; action: string; target: string; windowStart: string }, logId: string, now: string) {
      const row = await db
        .insertInto('history_refusal_counts')
        .values({
          patient_id: key.patientId,
          actor_id: key.actorId,
          action: key.action,
          target: key.target,
          window_start: key.windowStart,
          log_id: logId,
          count: 1,
          last_at: now,
        })
        .onConflict((oc) =>
          oc
            .columns(['patient_id', 'actor_id', 'action', 'target', 'window_start'])
            .doUpdateSet({ count: sql<number>`history_refusal_counts.count + 1`, last_at: now }),
        )
        .returning(['log_id', 'count'])
        .executeTakeFirstOrThrow();
      return { logId: row.log_id, first: Number(row.count) === 1 };
    },

    /** How often each of these log rows' refusals was tried, and when last. */
    refusalCounts: (logIds: string[]) =>
      logIds.length
        ? db.selectFrom('history_refusal_counts').select(['log_id', 'count', 'last_at']).where('log_id', 'in', logIds).execute()
        : Promise.resolve([]),

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
        .where('history_lab_tests.deleted_at', 'is', null)
        .executeTakeFirst(),

    /** Who a signed lab-result address names, as the access rule needs him. */
    findAccount: (id: string) => db.selectFrom('users').select(['id', 'role', 'name', 'status']).where('id', '=', id).executeTakeFirst(),

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

    /**
     * Every live entry of a history, each with its author's name and role, oldest first. Removed
     * entries (waiting out their undo time) are left out; hidden ones are in, flagged, because
     * doctors still see them and the patient can show them.
     */
    async entries(historyId: string) {
      const anyDb = db as Kysely<any>;
      const section = <T>(table: EntryTable) =>
        anyDb
          .selectFrom(`${table} as e`)
          .leftJoin('users as author', 'author.id', 'e.author_id')
          .selectAll('e')
          .select(['author.name as author_name', 'author.role as author_role'])
          .where('e.history_id', '=', historyId)
          .where('e.deleted_at', 'is', null)
          .orderBy('e.created_at')
          .orderBy('e.id')
          .execute() as Promise<(Selectable<T> & Authorship)[]>;
      const [medicines, diagnoses, chronic, genetic, surgeries, continuous, labs, allergies] = await Promise.all([
        section<HistoryMedicinesTable>('history_medicines'),
        section<HistoryDiagnosesTable>('history_diagnoses'),
        section<HistoryChronicDiseasesTable>('history_chronic_diseases'),
        section<HistoryGeneticDiseasesTable>('history_genetic_diseases'),
        section<HistorySurgeriesTable>('history_surgeries'),
        section<HistoryContinuousMedicationsTable>('history_continuous_medications'),
        section<HistoryLabTestsTable>('history_lab_tests'),
        section<HistoryAllergiesTable>('history_allergies'),
      ]);
      // The doctor a patient named as having told her a diagnosis, by his current name.
      const toldByIds = [...new Set(diagnoses.map((d) => d.told_by_doctor_id).filter((id): id is string => Boolean(id)))];
      const toldBy = toldByIds.length ? await db.selectFrom('users').select(['id', 'name']).where('id', 'in', toldByIds).execute() : [];
      const nameOf = new Map(toldBy.map((u) => [u.id, u.name]));
      const diagnosesWithToldBy = diagnoses.map((d) => ({ ...d, told_by_doctor_name: d.told_by_doctor_id ? (nameOf.get(d.told_by_doctor_id) ?? null) : null }));
      return { medicines, diagnoses: diagnosesWithToldBy, chronic, genetic, surgeries, continuous, labs, allergies };
    },

    /** An approved doctor by id (the one a patient names as having told her a diagnosis). */
    findApprovedDoctor: (id: string) =>
      db.selectFrom('users').select(['id', 'name']).where('id', '=', id).where('role', '=', 'doctor').where('status', '=', 'approved').executeTakeFirst(),

    insertEntry: (table: EntryTable, row: Record<string, unknown>) =>
      db
        .insertInto(table)
        .values(row as never)
        .execute(),

    /** One entry of one history, removed or not: the history id keeps anyone from reaching another's entry. */
    findEntry: (table: EntryTable, id: string, historyId: string) =>
      (db as Kysely<any>)
        .selectFrom(table)
        .select(['id', 'self_reported', 'hidden_at', 'deleted_at'])
        .where('id', '=', id)
        .where('history_id', '=', historyId)
        .executeTakeFirst() as Promise<Pick<HistoryEntryRow, 'id' | 'self_reported' | 'hidden_at' | 'deleted_at'> | undefined>,

    /** Marks her own live entry removed; a doctor's entry never matches. */
    markDeleted: (table: EntryTable, id: string, historyId: string, now: string): Promise<boolean> =>
      changeEntry(table, id, historyId, { deleted_at: now }, (u) => u.where('self_reported', '=', 1).where('deleted_at', 'is', null)),

    /** Brings back an entry removed after `since` (the undo time); an older removal is gone for good. */
    restore: (table: EntryTable, id: string, historyId: string, since: string): Promise<boolean> =>
      changeEntry(table, id, historyId, { deleted_at: null }, (u) => u.where('deleted_at', '>=', since)),

    /** Hides (a time) or shows again (null) a doctor's live entry in the patient's own view. */
    setHidden: (table: EntryTable, id: string, historyId: string, hiddenAt: string | null): Promise<boolean> =>
      changeEntry(table, id, historyId, { hidden_at: hiddenAt }, (u) =>
        u
          .where('self_reported', '=', 0)
          .where('deleted_at', 'is', null)
          .where('hidden_at', hiddenAt === null ? 'is not' : 'is', null),
      ),

    /** Deletes for good the entries removed before `before`; returns the lab results whose files must go too. */
    async purgeRemoved(historyId: string, before: string): Promise<string[]> {
      const anyDb = db as Kysely<any>;
      const labs = (await anyDb
        .selectFrom('history_lab_tests')
        .select('result')
        .where('history_id', '=', historyId)
        .where('deleted_at', '<', before)
        .execute()) as { result: string }[];
      for (const table of entryTables) {
        await anyDb.deleteFrom(table).where('history_id', '=', historyId).where('deleted_at', '<', before).execute();
      }
      return labs.map((l) => l.result).filter(Boolean);
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
