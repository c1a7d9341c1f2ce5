import type { Kysely, Transaction } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/schema.js';
import { newId } from '../../server/lib/ids.js';
import { appointmentsRepository } from '../../server/modules/appointments/repository.js';
import { checkoutRepository } from '../../server/modules/checkout/repository.js';
import { prescriptionsRepository } from '../../server/modules/prescriptions/repository.js';
import { signUpAndLogin, startTestServer, type TestServer } from './helpers.js';
import { readsMeetFirst } from './race.js';

/**
 * The guarantees behind "exactly one wins" (a slot, the last pack, the last prescribed pack, one
 * move of a reservation), raced where the writes really overlap: every contender's reads wait
 * until all contenders have read (see race.ts), on SQLite as on PostgreSQL. Each test fails when
 * its conditional update is replaced by a read followed by a write.
 */
let server: TestServer;
let db: Kysely<Database>;
type Account = Awaited<ReturnType<typeof signUpAndLogin>>;
let doctor: Account;
let pharmacist: Account;
let patients: Account[];
const contenders = 5;
const inAWeek = (minutes: number) => new Date(Date.now() + 7 * 86_400_000 + minutes * 60_000).toISOString();
/** The repositories take a transaction; the race runs them on the pausing view instead. */
const asTrx = (view: Kysely<Database>) => view as unknown as Transaction<Database>;

beforeAll(async () => {
  server = await startTestServer({ env: { LOGIN_MAX_ATTEMPTS: '1000', LOGIN_MAX_DELAY_SECONDS: '0' } });
  db = server.database.db;
  doctor = await signUpAndLogin(server.app, 'doctor');
  pharmacist = await signUpAndLogin(server.app, 'pharmacist');
  patients = await Promise.all(Array.from({ length: contenders }, () => signUpAndLogin(server.app, 'patient')));
}, 120_000);

afterAll(async () => {
  await server?.close();
});

async function slot(minutes: number, patientId: string | null = null) {
  const id = newId();
  const now = new Date().toISOString();
  await db
    .insertInto('appointments')
    .values({
      id,
      doctor_id: doctor.id,
      starts_at: inAWeek(minutes),
      time: '10:00',
      reserved: patientId ? 1 : 0,
      patient_id: patientId,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return id;
}

describe('races where the writes overlap, on every database', () => {
  it('gives a slot to exactly one of several patients reserving it at once', async () => {
    const id = await slot(0);
    const view = readsMeetFirst(db, server.database.dialect, contenders);
    const repo = appointmentsRepository(view, server.database.dialect);
    const now = new Date().toISOString();
    const won = await Promise.all(patients.map((p) => repo.reserve(view, id, doctor.id, p.id, now)));
    expect(won.filter(Boolean)).toHaveLength(1);
    const row = await db.selectFrom('appointments').select(['reserved', 'patient_id']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.patient_id).toBe(patients[won.indexOf(true)].id);
  });

  it('moves one reservation once when two moves of it run at once', async () => {
    const [patient] = patients;
    const mine = await slot(60, patient.id);
    const targets = [await slot(120), await slot(180)];
    const view = readsMeetFirst(db, server.database.dialect, targets.length);
    const repo = appointmentsRepository(view, server.database.dialect);
    const now = new Date().toISOString();
    const outcomes = await Promise.all(targets.map((to) => repo.move(view, mine, to, doctor.id, patient.id, now, now)));
    expect(outcomes.filter((o) => o === 'moved')).toHaveLength(1);
  });

  it('sells the last pack to exactly one of several checkouts at once', async () => {
    const id = newId();
    const now = new Date().toISOString();
    await db
      .insertInto('products')
      .values({
        id,
        slug: `last-pack-${id}`,
        name: 'Last pack',
        price_cents: 500,
        quantity: 1,
        thumbnail: '',
        about: '',
        description: '',
        indications: '',
        side_effects: '',
        contraindications: '',
        category_id: null,
        owner_id: pharmacist.id,
        brand: '',
        deleted: 0,
        created_at: now,
        updated_at: now,
        active_ingredients: '[]',
        prescription_only: 0,
      })
      .execute();
    const view = readsMeetFirst(db, server.database.dialect, contenders);
    const repo = checkoutRepository(view);
    const won = await Promise.all(Array.from({ length: contenders }, () => repo.reserveStock(asTrx(view), id, 1)));
    expect(won.filter(Boolean)).toHaveLength(1);
    const row = await db.selectFrom('products').select('quantity').where('id', '=', id).executeTakeFirstOrThrow();
    expect(Number(row.quantity)).toBe(0);
  });

  it('lets only one of several checkouts at once use the last prescribed pack', async () => {
    const [patient] = patients;
    const prescriptionId = newId();
    const lineId = newId();
    const now = new Date().toISOString();
    await db
      .insertInto('prescriptions')
      .values({
        id: prescriptionId,
        code: `RX-${lineId.slice(0, 8)}`,
        patient_id: patient.id,
        doctor_id: doctor.id,
        issued_at: now,
        valid_until: inAWeek(0),
        notes: '',
        safety_ack: '',
        created_at: now,
      })
      .execute();
    await db
      .insertInto('prescription_lines')
      .values({
        id: lineId,
        prescription_id: prescriptionId,
        position: 0,
        product_id: null,
        medicine: 'Amoxicillin',
        dose: '',
        frequency: '',
        duration: '',
        quantity: 1,
        remaining: 1,
        notes: '',
      })
      .execute();
    const view = readsMeetFirst(db, server.database.dialect, contenders);
    const repo = prescriptionsRepository(view);
    const used = await Promise.all(Array.from({ length: contenders }, () => repo.consume(asTrx(view), lineId, patient.id, 1, now)));
    expect(used.filter(Boolean)).toHaveLength(1);
    const row = await db.selectFrom('prescription_lines').select('remaining').where('id', '=', lineId).executeTakeFirstOrThrow();
    expect(Number(row.remaining)).toBe(0);
  });
});
