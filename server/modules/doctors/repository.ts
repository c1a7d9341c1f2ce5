import { sql, type ExpressionBuilder } from 'kysely';
import type { DB } from '../../db/index.js';
import type { Database } from '../../db/schema.js';
import { toNumber } from '../../lib/mappers.js';

export interface DoctorFilter {
  specialization?: string;
  gender?: string;
}

/** What a search result card shows; next_free_at and the rating are kept in step by triggers (migration 210). */
const resultColumns = [
  'users.id',
  'users.name',
  'users.specialization',
  'users.gender',
  'users.image',
  'users.fee_cents',
  'users.next_free_at',
  'users.rating_avg',
  'users.rating_count',
] as const;

/** Doctors' public data and their ratings; queries only. */
export function doctorsRepository(db: DB) {
  /** The doctors search lists: approved ones only, like every other public list, of the department and gender asked for. */
  const listedWhere = (filter: DoctorFilter) => (eb: ExpressionBuilder<Database, 'users'>) => {
    const conditions = [eb('users.role', '=', 'doctor'), eb('users.status', '=', 'approved')];
    if (filter.specialization !== undefined) conditions.push(eb(sql<string>`lower(users.specialization)`, '=', filter.specialization.toLowerCase()));
    if (filter.gender !== undefined) conditions.push(eb('users.gender', '=', filter.gender));
    return eb.and(conditions);
  };
  const searchable = (filter: DoctorFilter) => db.selectFrom('users').where(listedWhere(filter));

  /**
   * The doctors having any of `words`, one row per matching word. With `everyGroup`, only doctors
   * having a word of each group (one group per typed word), so a two-word search reads the doctors
   * matching both, not everyone matching either.
   */
  const doctorsWithWords = (words: string[], filter: DoctorFilter, everyGroup: string[][] = []) => {
    // Read from the words first (a cross join fixes that order on SQLite, whose planner would
    // otherwise walk every doctor by the role index), then each matching doctor by his key.
    let q = db
      .selectFrom('doctor_search_words as w')
      .crossJoin('users')
      .whereRef('users.id', '=', 'w.doctor_id')
      .where('w.word', 'in', words)
      .where(listedWhere(filter));
    for (const group of everyGroup) {
      q = q.where('users.id', 'in', (eb) => eb.selectFrom('doctor_search_words as g').select('g.doctor_id').where('g.word', 'in', group));
    }
    return q.select([...resultColumns, 'w.word']);
  };

  const listedPage = (filter: DoctorFilter, sort: 'nextSlot' | 'rating' | 'name', offset: number, limit: number | null) => {
    const rating = [sql`round(users.rating_avg * 10) desc`, sql`users.rating_count desc`];
    const byName = [sql`lower(users.name)`, sql`users.name`];
    const order =
      sort === 'name'
        ? byName
        : sort === 'rating'
          ? [...rating, ...byName]
          : // Soonest free slot first; doctors with none open come last. ISO times in UTC sort as text.
            [sql`case when users.next_free_at is null then 1 else 0 end`, sql`users.next_free_at`, ...rating, ...byName];
    let q = searchable(filter).select(resultColumns);
    for (const o of order) q = q.orderBy(o);
    if (limit !== null) q = q.limit(limit).offset(offset);
    return q;
  };

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
    /**
     * Refreshes next_free_at where the slot it names has begun since the triggers computed it
     * (time moves on without any write): only those doctors, found through users_next_free_at.
     */
    async refreshPassedNextFree(now: string) {
      // Reading first keeps the usual search a read: a write transaction costs more than the check.
      const passed = await db.selectFrom('users').select('id').where('next_free_at', '<=', now).limit(1).executeTakeFirst();
      if (!passed) return;
      await db
        .updateTable('users')
        .set((eb) => ({
          next_free_at: eb
            .selectFrom('appointments')
            .select((a) => a.fn.min<string>('appointments.starts_at').as('next'))
            .whereRef('appointments.doctor_id', '=', 'users.id')
            .where('appointments.reserved', '=', 0)
            .where('appointments.starts_at', '>', now),
        }))
        .where('users.next_free_at', '<=', now)
        .execute();
    },

    /**
     * The distinct indexed words starting with the prefix, read by a loose index scan: one index
     * seek per distinct word rather than a row per doctor (thousands share "ahmed" or "cardiology").
     * Ranges are bytewise in both databases (the word column has the C collation on PostgreSQL).
     */
    async wordsStartingWith(prefix: string) {
      const end = `${prefix}\uffff`;
      const { rows } = await sql<{ word: string | null }>`
        with recursive vocabulary(word) as (
          select min(word) from doctor_search_words where word >= ${prefix} and word < ${end}
          union all
          select (select min(w.word) from doctor_search_words w where w.word > vocabulary.word and w.word < ${end})
          from vocabulary where vocabulary.word is not null
        )
        select word from vocabulary where word is not null`.execute(db);
      return rows.map((r) => r.word!);
    },

    /** The listed doctors having one of the words, with the word each row matched. */
    doctorsWithWords: (words: string[], filter: DoctorFilter, everyGroup: string[][] = []) => doctorsWithWords(words, filter, everyGroup).execute(),

    async countListed(filter: DoctorFilter) {
      const row = await searchable(filter)
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** One page of the listed doctors in the order asked for, sorted by the database. */
    listedPage: (filter: DoctorFilter, sort: 'nextSlot' | 'rating' | 'name', offset: number, limit: number | null) =>
      listedPage(filter, sort, offset, limit).execute(),
    listedPageQuery: listedPage,
    doctorsWithWordsQuery: doctorsWithWords,

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

    findDoctor: (id: string) => db.selectFrom('users').select(['id', 'name']).where('id', '=', id).where('role', '=', 'doctor').executeTakeFirst(),

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
