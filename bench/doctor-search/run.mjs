/**
 * Doctor search on 10,000 doctors: seeds them (with slots and ratings) into a temporary database,
 * starts the real portal on it and times 50 searches through HTTP, one at a time.
 * Goal: p95 ≤ 50 ms. Run: npm run bench:doctors (set DATABASE_URL to run it on PostgreSQL).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { sql } from 'kysely';
import os from 'node:os';
import path from 'node:path';
import { migrateToLatest, openDatabase } from '../../server/db/index.ts';
import { newId } from '../../server/lib/ids.ts';
import { doctorWords } from '../../server/modules/doctors/search-words.ts';
import { printBaseline } from '../machine.mjs';
import { freshDatabase, startPortal } from '../portal.mjs';

const doctorCount = 10_000;
const queryCount = 50;
const goalMs = 50;
const departments = ['Dental', 'Gynaecology', 'Eye', 'Cardiology', 'Orthopaedics', 'Gastroenterology', 'Neurology', 'Medicine'];
const first = [
  'Ahmed',
  'Mona',
  'Karim',
  'Salma',
  'Heba',
  'Nadia',
  'Amr',
  'Youssef',
  'Rania',
  'Tarek',
  'Laila',
  'Hany',
  'Omar',
  'Dina',
  'Sherif',
  'Mahmoud',
  'Yasmin',
  'Walid',
  'Nour',
  'Hala',
  'Sameh',
  'Fatma',
  'Mostafa',
  'Ingy',
  'Zoë',
  'Chérif',
  'Aya',
  'Bassem',
  'Reem',
  'Khaled',
  'Mariam',
  'Hossam',
  'Noha',
  'Adel',
  'Eman',
  'Sherine',
  'Tamer',
  'Ghada',
  'Ramy',
  'Amira',
];
const last = [
  'Hassan',
  'Adel',
  'Samir',
  'Fathy',
  'Mostafa',
  'Farouk',
  'Lotfy',
  'Nabil',
  'Helmy',
  'Ibrahim',
  'Mansour',
  'Saleh',
  'Khaled',
  'Radwan',
  'Gamal',
  'Rashad',
  'Fouad',
  'Zaki',
  'Aziz',
  'Sabry',
  'Anwar',
  'Yassin',
  'Kamel',
  'Shawky',
  'Émile',
  'Naguib',
  'Soliman',
  'Tawfik',
  'Badawi',
  'Hegazy',
  'Ezzat',
  'Sharaf',
  'Wahba',
  'Ghali',
  'Mourad',
  'Salem',
  'Hamdy',
  'Osman',
  'Barakat',
  'Fahmy',
];

const rand = (n) => Math.floor(Math.random() * n);
const pick = (list) => list[rand(list.length)];

async function seed(db) {
  const now = new Date().toISOString();
  const doctors = [];
  for (let i = 0; i < doctorCount; i++) {
    // 40 × 40 name pairs, then a distinguishing middle name: doctor names are unique URL keys.
    const name = `Dr. ${first[i % 40]} ${i >= 1600 ? `${first[Math.floor(i / 1600) + 3]} ` : ''}${last[Math.floor(i / 40) % 40]}${i >= 1600 * 7 ? ` ${i}` : ''}`;
    doctors.push({
      id: newId(),
      role: 'doctor',
      name,
      username: `bench.doctor.${i}`,
      email: `bench.doctor.${i}@example.test`,
      password_hash: 'x',
      gender: i % 2 ? 'male' : 'female',
      specialization: departments[i % 8],
      fee_cents: (25 + rand(8) * 5) * 100,
      created_at: now,
      updated_at: now,
    });
  }
  const patients = Array.from({ length: 50 }, (_, i) => ({
    id: newId(),
    role: 'patient',
    name: `Bench Patient ${i}`,
    username: `bench.patient.${i}`,
    email: `bench.patient.${i}@example.test`,
    password_hash: 'x',
    created_at: now,
    updated_at: now,
  }));
  const slots = [];
  const ratings = [];
  for (const d of doctors) {
    const starts = new Set();
    for (let s = 0; s < 12; s++) starts.add(new Date(Date.now() + (1 + rand(14 * 24)) * 3600_000).toISOString().slice(0, 13) + ':00:00.000Z');
    for (const startsAt of starts) {
      const reserved = Math.random() < 0.3;
      slots.push({
        id: newId(),
        doctor_id: d.id,
        starts_at: startsAt,
        time: startsAt.slice(11, 16),
        reserved: reserved ? 1 : 0,
        patient_id: reserved ? pick(patients).id : null,
        created_at: now,
        updated_at: now,
      });
    }
    const raters = new Set(Array.from({ length: rand(5) }, () => pick(patients).id));
    for (const patient of raters) ratings.push({ doctor_id: d.id, patient_id: patient, rate: 1 + rand(5), updated_at: now });
  }
  await db.transaction().execute(async (trx) => {
    // The search word index, as the portal writes it when a doctor signs up.
    const words = doctors.flatMap((d) => doctorWords(d.name, d.specialization).map((word) => ({ word, doctor_id: d.id })));
    for (const [table, rows, batch] of [
      ['users', [...doctors, ...patients], 500],
      ['doctor_search_words', words, 2000],
      ['appointments', slots, 1000],
      ['ratings', ratings, 2000],
    ]) {
      for (let i = 0; i < rows.length; i += batch)
        await trx
          .insertInto(table)
          .values(rows.slice(i, i + batch))
          .execute();
    }
  });
  return { doctors, slots: slots.length, ratings: ratings.length };
}

/** A typo a person makes: a letter dropped, doubled, replaced or two swapped. */
function typo(word) {
  const i = 1 + rand(Math.max(1, word.length - 2));
  switch (rand(4)) {
    case 0:
      return word.slice(0, i) + word.slice(i + 1);
    case 1:
      return word.slice(0, i) + word[i] + word.slice(i);
    case 2:
      return word.slice(0, i) + 'e' + word.slice(i + 1);
    default:
      return word.slice(0, i - 1) + word[i] + word[i - 1] + word.slice(i + 1);
  }
}

function queries(doctors) {
  const list = [];
  for (let i = 0; i < queryCount; i++) {
    const d = pick(doctors);
    const words = d.name.replace('Dr. ', '').split(' ');
    const kind = i % 5;
    if (kind === 0) list.push(`q=${encodeURIComponent(`${typo(words[0])} ${words.at(-1)}`)}`);
    else if (kind === 1) list.push(`q=${encodeURIComponent(typo(words.at(-1)))}&gender=${d.gender}`);
    else if (kind === 2) list.push(`q=${encodeURIComponent(typo(d.specialization.toLowerCase()))}&sort=rating`);
    else if (kind === 3) list.push(`specialization=${d.specialization}&sort=nextSlot&page=${1 + rand(3)}`);
    else list.push(`q=${encodeURIComponent(words[0].normalize('NFD').replace(/\p{M}/gu, '').toLowerCase())}&sort=name`);
  }
  return list;
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-bench-doctors-'));
const schema = process.env.DATABASE_URL ? await freshDatabase(process.env.DATABASE_URL) : null;
let portal;
try {
  printBaseline();
  console.log(`Database: ${schema ? 'PostgreSQL' : 'SQLite'} (temporary)`);
  const { db } = openDatabase({ databaseUrl: schema?.url, dataDir });
  await migrateToLatest(db);
  const started = Date.now();
  const seeded = await seed(db);
  // Planner statistics, as autovacuum would have gathered them on a database that grew over time.
  if (schema) await sql`analyze`.execute(db);
  await db.destroy();
  console.log(`Seeded:   ${doctorCount} doctors, ${seeded.slots} slots, ${seeded.ratings} ratings in ${((Date.now() - started) / 1000).toFixed(1)} s`);

  portal = await startPortal({ env: { DATA_DIR: dataDir, DATABASE_URL: schema?.url ?? '', SEED: 'never' } });
  const run = async (query) => {
    const t = performance.now();
    const res = await fetch(`${portal.url}/api/doctors/?${query}`);
    const body = await res.json();
    const ms = performance.now() - t;
    if (res.status !== 200) throw new Error(`${query}: ${res.status} ${JSON.stringify(body)}`);
    return { ms, total: body.total };
  };
  for (const q of queries(seeded.doctors).slice(0, 10)) await run(q); // warm-up
  const timings = [];
  const byKind = new Map();
  let found = 0;
  for (const q of queries(seeded.doctors)) {
    const { ms, total } = await run(q);
    timings.push(ms);
    if (total > 0) found++;
    const kind = q.replace(/=[^&]*/g, '');
    byKind.set(kind, [...(byKind.get(kind) ?? []), ms]);
  }
  for (const [kind, list] of byKind) console.log(`  ${kind.padEnd(32)} median ${list.sort((a, b) => a - b)[Math.floor(list.length / 2)].toFixed(1)} ms`);
  timings.sort((a, b) => a - b);
  const p95 = percentile(timings, 95);
  console.log(`Queries:  ${queryCount} (typo names, typo departments, gender, sort, pages); ${found} found at least one doctor`);
  console.log(`Latency:  p50 ${percentile(timings, 50).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, max ${timings.at(-1).toFixed(1)} ms`);
  console.log(`Goal:     p95 ≤ ${goalMs} ms: ${p95 <= goalMs ? 'MET' : 'NOT MET'}`);
  process.exitCode = p95 <= goalMs ? 0 : 1;
} finally {
  await portal?.stop();
  await schema?.drop();
  rmSync(dataDir, { recursive: true, force: true });
}
