import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Migrator } from 'kysely';
import { afterAll, expect, it } from 'vitest';
import { migrations, openDatabase, type OpenedDatabase } from '../../server/db/index.js';
import { newId } from '../../server/lib/ids.js';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'history-authorship-'));
let opened: OpenedDatabase | undefined;

afterAll(async () => {
  await opened?.db.destroy();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Migrations up to (and including) `last`, in the order they are listed. */
const upTo = (last: string) => Object.fromEntries(Object.entries(migrations).filter(([name]) => name <= last));

it('turns a doctor a patient picked for her own diagnosis into "told to me by" text, and marks old entries self-reported', async () => {
  opened = openDatabase({ dataDir });
  const db = opened.db;
  const before = new Migrator({ db, provider: { getMigrations: async () => upTo('2026-11-25-180-allergies') } });
  expect((await before.migrateToLatest()).error).toBeUndefined();
  const now = new Date().toISOString();
  const [patientId, doctorId, historyId, diagnosisId, surgeryId] = [newId(), newId(), newId(), newId(), newId()];
  const user = (id: string, role: 'patient' | 'doctor', name: string) => ({
    id,
    role,
    name,
    username: id,
    email: `${id}@clinic.test`,
    password_hash: 'x',
    created_at: now,
    updated_at: now,
  });
  await db
    .insertInto('users')
    .values([user(patientId, 'patient', 'Mona Adel'), user(doctorId, 'doctor', 'Dr. Sami Nour')] as never)
    .execute();
  await db
    .insertInto('histories')
    .values({ id: historyId, patient_id: patientId, current_state: '', blood_type: '', pregnancy: 0, height: '', weight: '', created_at: now, updated_at: now })
    .execute();
  await db
    .insertInto('history_diagnoses')
    .values({ id: diagnosisId, history_id: historyId, diagnosis: 'Migraine', notes: '', doctor_id: doctorId, created_at: now } as never)
    .execute();
  await db
    .insertInto('history_surgeries')
    .values({ id: surgeryId, history_id: historyId, name: 'Appendectomy', date: now, created_at: now } as never)
    .execute();

  const after = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  expect((await after.migrateToLatest()).error).toBeUndefined();
  const diagnosis = await db.selectFrom('history_diagnoses').selectAll().where('id', '=', diagnosisId).executeTakeFirstOrThrow();
  expect(diagnosis).toMatchObject({ doctor_id: null, told_by: 'Dr. Sami Nour', author_id: null, self_reported: 1, hidden_at: null, deleted_at: null });
  const surgery = await db.selectFrom('history_surgeries').selectAll().where('id', '=', surgeryId).executeTakeFirstOrThrow();
  expect(surgery).toMatchObject({ self_reported: 1, author_id: null });
});
