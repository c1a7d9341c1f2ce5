import { sql } from 'kysely';
import type { DB } from '../../db/index.js';
import { toNumber } from '../../lib/mappers.js';

/** Doctors' public data and their ratings; queries only. */
export function doctorsRepository(db: DB) {
  const withRate = () =>
    db
      .selectFrom('users')
      .where('users.role', '=', 'doctor')
      // Only doctors an administrator approved are listed or have a public page.
      .where('users.status', '=', 'approved')
      .select((eb) => [
        eb
          .selectFrom('ratings')
          .select((r) => r.fn.avg<number | string | null>('ratings.rate').as('avg'))
          .whereRef('ratings.doctor_id', '=', 'users.id')
          .as('rate'),
        eb
          .selectFrom('ratings')
          .select((r) => r.fn.countAll<number | string>().as('n'))
          .whereRef('ratings.doctor_id', '=', 'users.id')
          .as('ratings'),
      ]);

  /** Averages are rounded to one decimal; a doctor nobody rated yet has rate 0. */
  const rounded = <T extends { rate: unknown; ratings: unknown }>(row: T) => ({
    ...row,
    rate: Math.round(toNumber(row.rate) * 10) / 10,
    ratings: toNumber(row.ratings),
  });

  return {
    /** Every doctor of the department and gender asked for, with what a result card shows but the aggregates. */
    searchCandidates(filter: { specialization?: string; gender?: string }) {
      let q = db
        .selectFrom('users')
        .select(['id', 'name', 'specialization', 'gender', 'image', 'fee_cents'])
        .where('role', '=', 'doctor')
        // Search lists only approved doctors, like every other public list.
        .where('status', '=', 'approved');
      if (filter.specialization !== undefined) q = q.where(sql<string>`lower(specialization)`, '=', filter.specialization.toLowerCase());
      if (filter.gender !== undefined) q = q.where('gender', '=', filter.gender);
      return q.execute();
    },

    /**
     * Each doctor's earliest free slot that has not started, and rating: two grouped queries over the
     * doctors found, answered from appointments_free_by_doctor and the ratings key.
     */
    async searchAggregates(ids: string[], now: string) {
      const next = new Map<string, string>();
      const rates = new Map<string, { rate: number; ratings: number }>();
      // Chunks keep each statement under every driver's limit on bound values.
      for (let i = 0; i < ids.length; i += 2000) {
        const chunk = ids.slice(i, i + 2000);
        const [slots, ratings] = await Promise.all([
          db
            .selectFrom('appointments')
            .select((eb) => ['doctor_id', eb.fn.min<string>('starts_at').as('next')])
            .where('doctor_id', 'in', chunk)
            .where('reserved', '=', 0)
            .where('starts_at', '>', now)
            .groupBy('doctor_id')
            .execute(),
          db
            .selectFrom('ratings')
            .select((eb) => ['doctor_id', eb.fn.avg<number | string | null>('rate').as('rate'), eb.fn.countAll<number | string>().as('ratings')])
            .where('doctor_id', 'in', chunk)
            .groupBy('doctor_id')
            .execute(),
        ]);
        for (const s of slots) next.set(s.doctor_id, s.next);
        for (const r of ratings) rates.set(r.doctor_id, rounded(r));
      }
      return { next, rates };
    },

    async list(specialization?: string) {
      let q = withRate().select(['users.id', 'users.name', 'users.image', 'users.specialization', 'users.gender']);
      if (specialization !== undefined) q = q.where(sql<string>`lower(users.specialization)`, '=', specialization.toLowerCase());
      const rows = await q.orderBy('users.name').execute();
      return rows.map(rounded);
    },

    async findByName(name: string) {
      const row = await withRate()
        .selectAll('users')
        .where(sql<string>`lower(users.name)`, '=', name.toLowerCase())
        .executeTakeFirst();
      return row ? rounded(row) : undefined;
    },

    findDoctor: (id: string) =>
      db.selectFrom('users').select(['id', 'name']).where('id', '=', id).where('role', '=', 'doctor').executeTakeFirst(),

    education: (doctorId: string) =>
      db.selectFrom('doctor_education').selectAll().where('doctor_id', '=', doctorId).orderBy('position').orderBy('year').execute(),

    /** Slots that have not started yet, earliest first. */
    upcomingSlots: (doctorId: string, now: string) =>
      db
        .selectFrom('appointments')
        .select(['id', 'doctor_id', 'starts_at', 'reserved', 'patient_id', 'held_for', 'held_until'])
        .where('doctor_id', '=', doctorId)
        .where('starts_at', '>', now)
        .orderBy('starts_at')
        .execute(),

    chatBetween: (patientId: string, doctorId: string) =>
      db.selectFrom('chats').select('id').where('sender_id', '=', patientId).where('receiver_id', '=', doctorId).executeTakeFirst(),

    /** Whether the patient had a visit with the doctor: a held slot whose time has passed, not marked a no-show. */
    hadVisit: async (doctorId: string, patientId: string, now: string) =>
      Boolean(
        await db
          .selectFrom('appointments')
          .select('id')
          .where('patient_id', '=', patientId)
          .where('doctor_id', '=', doctorId)
          .where('starts_at', '<=', now)
          .where('attendance', '!=', 'no_show')
          .executeTakeFirst(),
      ),

    /** One rating per patient and doctor: a new one replaces the earlier one. */
    saveRating: (doctorId: string, patientId: string, rate: number, comment: string, now: string) =>
      db
        .insertInto('ratings')
        .values({ doctor_id: doctorId, patient_id: patientId, rate, comment, updated_at: now })
        .onConflict((oc) => oc.columns(['doctor_id', 'patient_id']).doUpdateSet({ rate, comment, updated_at: now }))
        .execute(),

    /** The latest ratings that carry a comment, for the doctor's page; who wrote them is not shown. */
    reviews: (doctorId: string, limit: number) =>
      db
        .selectFrom('ratings')
        .select(['rate', 'comment', 'updated_at'])
        .where('doctor_id', '=', doctorId)
        .where('comment', '!=', '')
        .orderBy('updated_at', 'desc')
        .limit(limit)
        .execute(),

    async rateOf(doctorId: string) {
      const row = await db
        .selectFrom('ratings')
        .select((eb) => [eb.fn.avg<number | string | null>('rate').as('rate'), eb.fn.countAll<number | string>().as('ratings')])
        .where('doctor_id', '=', doctorId)
        .executeTakeFirstOrThrow();
      return rounded(row);
    },
  };
}
export type DoctorsRepository = ReturnType<typeof doctorsRepository>;
