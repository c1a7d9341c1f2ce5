import type { Config } from '../../config.js';
import type { DB } from '../index.js';
import { seedContent } from './content.js';
import { seedPeople } from './people.js';
import { seedPrescriptions } from './prescriptions.js';
import { seedRecords } from './records.js';
import { seedShop } from './shop.js';

/**
 * Fills an empty database with the demo clinic. Running it again on a seeded database does
 * nothing, so every start may call it.
 */
export async function seedIfEmpty(db: DB, config: Config): Promise<boolean> {
  const existing = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (existing) return false;
  await db.transaction().execute(async (trx) => {
    const people = await seedPeople(trx, config);
    await seedShop(trx, config, people.pharmacistIds);
    await seedContent(trx, config, people.doctorIds.slice(0, 6));
    await seedRecords(trx, people.patientId, people.demoDoctorId, people.doctorIds[0], config.clinicTimeZone);
    await seedPrescriptions(trx, people.patientId, people.demoDoctorId);
  });
  return true;
}
