import type { Kysely } from 'kysely';
import type { Database, ScheduledJobsTable, ScheduledJobStatus } from '../db/schema.js';

/** Scheduled jobs; queries only. `db` may be a transaction. */
export function jobsRepository(db: Kysely<Database>) {
  return {
    insert: (rows: ScheduledJobsTable[]) => (rows.length ? db.insertInto('scheduled_jobs').values(rows).execute() : Promise.resolve([])),

    /** Pending jobs of an appointment stop; finished ones stay as the record of what was sent. */
    cancelPending: (appointmentId: string, reason: string, now: string) =>
      db
        .updateTable('scheduled_jobs')
        .set({ status: 'cancelled', outcome: reason, finished_at: now })
        .where('appointment_id', '=', appointmentId)
        .where('status', '=', 'pending')
        .executeTakeFirst(),

    /** Jobs whose time has come, oldest first. */
    due: (now: string, limit: number) =>
      db
        .selectFrom('scheduled_jobs')
        .selectAll()
        .where('status', '=', 'pending')
        .where('run_at', '<=', now)
        .orderBy('run_at')
        .orderBy('id')
        .limit(limit)
        .execute(),

    /**
     * Takes a pending job: the condition `status = 'pending'` is checked by the database in the same
     * statement that writes, so of any number of instances exactly one changes the row. Run inside
     * the transaction that writes the job's effect, so a crash before the commit leaves it pending.
     */
    async claim(id: string, status: ScheduledJobStatus, outcome: string, instance: string, now: string): Promise<boolean> {
      const result = await db
        .updateTable('scheduled_jobs')
        .set({ status, outcome, claimed_by: instance, finished_at: now })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Changes the outcome of a job this transaction has just claimed. */
    settle: (id: string, status: ScheduledJobStatus, outcome: string) =>
      db.updateTable('scheduled_jobs').set({ status, outcome }).where('id', '=', id).execute(),

    ofAppointment: (appointmentId: string) =>
      db.selectFrom('scheduled_jobs').selectAll().where('appointment_id', '=', appointmentId).orderBy('run_at').execute(),
  };
}
