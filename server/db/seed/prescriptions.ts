import type { Kysely } from 'kysely';
import { newId } from '../../lib/ids.js';
import { newPrescriptionCode } from '../../modules/prescriptions/code.js';
import type { Database } from '../schema.js';

/**
 * The demo patient's penicillin allergy (unless her history already records an allergy) and one
 * valid prescription from the demo doctor, who holds an appointment with her (seedRecords).
 */
export async function seedPrescriptions(db: Kysely<Database>, patientId: string, doctorId: string): Promise<void> {
  const history = await db.selectFrom('histories').select('id').where('patient_id', '=', patientId).executeTakeFirstOrThrow();
  const now = Date.now();
  const iso = (daysAgo: number) => new Date(now - daysAgo * 86_400_000).toISOString();
  const allergy = await db.selectFrom('history_allergies').select('id').where('history_id', '=', history.id).executeTakeFirst();
  if (!allergy) {
    await db
      .insertInto('history_allergies')
      .values({
        id: newId(),
        history_id: history.id,
        created_at: iso(120),
        substance: 'Penicillin',
        reaction: 'Hives and swelling of the lips',
        severity: 'severe',
      })
      .execute();
  }

  const product = await db.selectFrom('products').select(['id', 'name']).where('slug', '=', 'azithromycin-250-mg').executeTakeFirstOrThrow();
  const id = newId();
  const issued = iso(2);
  await db
    .insertInto('prescriptions')
    .values({
      id,
      code: newPrescriptionCode(),
      patient_id: patientId,
      doctor_id: doctorId,
      issued_at: issued,
      valid_until: new Date(Date.parse(issued) + 30 * 86_400_000).toISOString(),
      notes: 'Take with water; finish the course.',
      safety_ack: '',
      created_at: issued,
    })
    .execute();
  const lines = [
    {
      product_id: product.id,
      medicine: product.name,
      dose: '500 mg on day 1, then 250 mg',
      frequency: 'Once daily',
      duration: '5 days',
      quantity: 1,
      remaining: 1,
      notes: '',
    },
    {
      product_id: null,
      medicine: 'Saline nasal rinse',
      dose: '1 sachet in 240 ml water',
      frequency: 'Twice daily',
      duration: '10 days',
      quantity: 1,
      remaining: 0,
      notes: 'Any pharmacy brand',
    },
  ];
  await db
    .insertInto('prescription_lines')
    .values(lines.map((l, position) => ({ id: newId(), prescription_id: id, position, ...l })))
    .execute();
  await db
    .insertInto('history_medicines')
    .values(
      lines.map((l) => ({
        id: newId(),
        history_id: history.id,
        created_at: issued,
        date: issued,
        prescription_id: id,
        author_id: doctorId,
        self_reported: 0,
        medicine: [l.medicine, l.dose, l.frequency, l.duration].join(', '),
      })),
    )
    .execute();
}
