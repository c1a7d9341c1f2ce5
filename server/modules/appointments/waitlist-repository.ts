import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

type Executor = Kysely<Database>;

/** Doctors' waiting lists; queries only. */
export const waitlistRepository = {
  add: (db: Executor, row: { id: string; doctorId: string; patientId: string; now: string }) =>
    db
      .insertInto('waitlist_entries')
      .values({ id: row.id, doctor_id: row.doctorId, patient_id: row.patientId, offered_slot_id: null, offer_expires_at: null, created_at: row.now })
      .onConflict((oc) => oc.columns(['doctor_id', 'patient_id']).doNothing())
      .execute(),

  find: (db: Executor, doctorId: string, patientId: string) =>
    db.selectFrom('waitlist_entries').selectAll().where('doctor_id', '=', doctorId).where('patient_id', '=', patientId).executeTakeFirst(),

  remove: (db: Executor, doctorId: string, patientId: string) =>
    db.deleteFrom('waitlist_entries').where('doctor_id', '=', doctorId).where('patient_id', '=', patientId).returningAll().executeTakeFirst(),

  /** Place in the queue: how many joined before her (1 = next to be offered). */
  async position(db: Executor, doctorId: string, createdAt: string, id: string): Promise<number> {
    const row = await db
      .selectFrom('waitlist_entries')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('doctor_id', '=', doctorId)
      .where((eb) => eb.or([eb('created_at', '<', createdAt), eb.and([eb('created_at', '=', createdAt), eb('id', '<=', id)])]))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },

  /** The earliest waiting patients of a doctor who hold no offer now. */
  waiting: (db: Executor, doctorId: string, limit: number) =>
    db
      .selectFrom('waitlist_entries as w')
      .innerJoin('users as p', 'p.id', 'w.patient_id')
      .select(['w.id', 'w.patient_id', 'p.name as patient_name', 'p.email as patient_email', 'p.language as patient_language'])
      .where('w.doctor_id', '=', doctorId)
      .where('w.offered_slot_id', 'is', null)
      .orderBy('w.created_at')
      .orderBy('w.id')
      .limit(limit)
      .execute(),

  /** Gives the entry an offer, only while it holds none (two freed slots never go to one patient at once). */
  async claimForOffer(db: Executor, id: string, slotId: string, expiresAt: string): Promise<boolean> {
    const r = await db
      .updateTable('waitlist_entries')
      .set({ offered_slot_id: slotId, offer_expires_at: expiresAt })
      .where('id', '=', id)
      .where('offered_slot_id', 'is', null)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  },

  /** Holds a free slot for the patient until `until`, only while nobody holds or reserved it. */
  async holdSlot(db: Executor, slotId: string, patientId: string, until: string, now: string): Promise<boolean> {
    const r = await db
      .updateTable('appointments')
      .set({ held_for: patientId, held_until: until })
      .where('id', '=', slotId)
      .where('reserved', '=', 0)
      .where('starts_at', '>', until)
      .where((eb) => eb.or([eb('held_for', 'is', null), eb('held_until', '<=', now)]))
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  },

  /** Offers whose time ran out by `now`. */
  expired: (db: Executor, now: string, limit: number) =>
    db
      .selectFrom('waitlist_entries')
      .select(['id', 'doctor_id', 'patient_id', 'offered_slot_id', 'offer_expires_at'])
      .where('offer_expires_at', '<=', now)
      .orderBy('offer_expires_at')
      .limit(limit)
      .execute(),

  /**
   * Claims an expired offer for one poller: the entry is deleted only if it still carries the offer
   * that was read, so of several instances exactly one goes on with it.
   */
  async claimExpired(db: Executor, id: string, slotId: string, expiresAt: string): Promise<boolean> {
    const r = await db
      .deleteFrom('waitlist_entries')
      .where('id', '=', id)
      .where('offered_slot_id', '=', slotId)
      .where('offer_expires_at', '=', expiresAt)
      .executeTakeFirst();
    return Number(r.numDeletedRows) === 1;
  },

  /** Lifts a hold that was hers and is still unreserved. */
  async unholdSlot(db: Executor, slotId: string, patientId: string): Promise<boolean> {
    const r = await db
      .updateTable('appointments')
      .set({ held_for: null, held_until: null })
      .where('id', '=', slotId)
      .where('held_for', '=', patientId)
      .where('reserved', '=', 0)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  },
};
