import type { Kysely } from 'kysely';
import { clinicTimeToUtc, utcToClinicTime } from '../../lib/clinic-time.js';
import { newId } from '../../lib/ids.js';
import type { Database } from '../schema.js';

/**
 * The demo patient's booking with the demo doctor (which opens their chat and gives him access to
 * her history), her past visits to two doctors (so rating can be tried at once) and her medical
 * history.
 */
export async function seedRecords(db: Kysely<Database>, patientId: string, doctorId: string, otherDoctorId: string, timeZone: string): Promise<void> {
  const now = new Date();
  const iso = (daysAgo: number) => new Date(now.getTime() - daysAgo * 86400000).toISOString();

  // Past visits at 10:00 clinic time, which both doctors marked as attended.
  const pastVisit = (doctor: string, daysAgo: number) => {
    const { date } = utcToClinicTime(new Date(now.getTime() - daysAgo * 86400000), timeZone);
    const startsAt = clinicTimeToUtc(date, '10:00', timeZone).toISOString();
    return {
      id: newId(),
      doctor_id: doctor,
      starts_at: startsAt,
      time: '10:00',
      reserved: 1 as const,
      patient_id: patientId,
      attendance: 'attended' as const,
      created_at: iso(daysAgo + 7),
      updated_at: startsAt,
    };
  };
  await db
    .insertInto('appointments')
    .values([pastVisit(doctorId, 30), pastVisit(otherDoctorId, 80)])
    .execute();

  const slot = await db
    .selectFrom('appointments')
    .select('id')
    .where('doctor_id', '=', doctorId)
    .where('reserved', '=', 0)
    .orderBy('starts_at')
    .executeTakeFirstOrThrow();
  await db
    .updateTable('appointments')
    .set({ reserved: 1, patient_id: patientId, updated_at: iso(2) })
    .where('id', '=', slot.id)
    .execute();
  await db
    .insertInto('care_relations')
    .values({ doctor_id: doctorId, patient_id: patientId, first_reserved_at: iso(2) })
    .execute();
  await db
    .insertInto('ratings')
    .values({
      doctor_id: doctorId,
      patient_id: patientId,
      rate: 5,
      comment: 'Listened carefully and explained every reading. Highly recommended.',
      updated_at: iso(29),
    })
    .execute();

  const chatId = newId();
  const messages = [
    [patientId, 'Good morning doctor, I booked a visit for my blood pressure follow-up.', 2],
    [doctorId, 'Good morning Sara. Please bring your home readings from the last two weeks.', 1.9],
    [patientId, 'Sure, I will. Should I keep taking my medication on the morning of the visit?', 1.8],
    [doctorId, 'Yes, take it as usual. See you then.', 1.7],
  ] as const;
  await db
    .insertInto('chats')
    .values({
      id: chatId,
      sender_id: patientId,
      receiver_id: doctorId,
      last_message: messages[messages.length - 1][1],
      created_at: iso(2),
      updated_at: iso(1.7),
    })
    .execute();
  await db
    .insertInto('messages')
    .values(messages.map(([sender, content, daysAgo]) => ({ id: newId(), chat_id: chatId, sender_id: sender, content, created_at: iso(daysAgo) })))
    .execute();

  const historyId = newId();
  await db
    .insertInto('histories')
    .values({
      id: historyId,
      patient_id: patientId,
      current_state: 'Stable',
      blood_type: 'A+',
      pregnancy: 0,
      height: '165',
      weight: '62',
      created_at: iso(400),
      updated_at: iso(3),
    })
    .execute();
  const at = (y: number, m: number, d: number) => new Date(Date.UTC(y, m - 1, d, 12)).toISOString();
  await db
    .insertInto('history_medicines')
    .values([
      { id: newId(), history_id: historyId, medicine: 'Amoxicillin 500 mg, three times daily for 7 days', date: at(2025, 2, 10), created_at: iso(300) },
      { id: newId(), history_id: historyId, medicine: 'Vitamin D3 5000 IU weekly', date: at(2025, 9, 1), created_at: iso(80) },
    ])
    .execute();
  await db
    .insertInto('history_diagnoses')
    .values([
      // Written by the doctors at her visits, signed with their accounts.
      {
        id: newId(),
        history_id: historyId,
        diagnosis: 'Essential hypertension, stage 1',
        notes: 'Lifestyle changes and home monitoring; review in 3 months.',
        author_id: doctorId,
        self_reported: 0,
        created_at: iso(90),
      },
      {
        id: newId(),
        history_id: historyId,
        diagnosis: 'Vitamin D deficiency',
        notes: 'Level 14 ng/mL.',
        author_id: otherDoctorId,
        self_reported: 0,
        created_at: iso(80),
      },
    ])
    .execute();
  // She told the clinic herself; the prescription safety check reads it.
  await db
    .insertInto('history_allergies')
    .values({
      id: newId(),
      history_id: historyId,
      substance: 'Penicillin',
      reaction: 'Hives and swelling',
      severity: 'severe',
      author_id: patientId,
      self_reported: 1,
      created_at: iso(120),
    })
    .execute();
  await db
    .insertInto('history_chronic_diseases')
    .values([{ id: newId(), history_id: historyId, diagnosis: 'Hypertension', date: at(2025, 8, 20), cured: 0, created_at: iso(90) }])
    .execute();
  await db
    .insertInto('history_genetic_diseases')
    .values([{ id: newId(), history_id: historyId, disease: 'Familial hypercholesterolaemia', injured: 'Father', cured: 0, created_at: iso(200) }])
    .execute();
  await db
    .insertInto('history_surgeries')
    .values([{ id: newId(), history_id: historyId, name: 'Appendectomy', date: at(2012, 6, 14), created_at: iso(400) }])
    .execute();
  await db
    .insertInto('history_continuous_medications')
    .values([{ id: newId(), history_id: historyId, medicine: 'Amlodipine 5 mg', dose: 'One tablet every morning' }].map((r) => ({ ...r, created_at: iso(90) })))
    .execute();
}
