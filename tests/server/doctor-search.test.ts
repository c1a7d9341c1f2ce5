import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart, signUpAndLogin, startTestServer, withToken, type TestServer } from './helpers.js';

let server: TestServer;

interface Result {
  _id: string;
  name: string;
  specialization: string;
  gender: string;
  rate: number;
  ratings: number;
  nextSlot: string | null;
  fee: number;
}

const get = (url: string) => server.app.inject({ method: 'GET', url, headers: { authorization: 'null' } });
const search = async (query: string) => {
  const res = await get(`/api/doctors/?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { doctors: Result[]; total: number; page: number; pages: number };
};
const names = (doctors: Result[]) => doctors.map((d) => d.name);

beforeAll(async () => {
  server = await startTestServer({ seed: true });
  // A doctor with an accented name and no published slot.
  await signUpAndLogin(server.app, 'doctor', { name: 'Dr. Zoë Émile Ménard', specialization: 'Eye', gender: 'female' });
});
afterAll(async () => {
  await server?.close();
});

describe('doctor search', () => {
  it('finds a doctor by name with typos and shows his next free slot, rating with count and fee', async () => {
    const { doctors, total } = await search('q=ahmd%20hasan');
    expect(names(doctors)).toEqual(['Ahmed Hassan']);
    expect(total).toBe(1);
    const [ahmed] = doctors;
    expect(ahmed!.nextSlot).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(new Date(ahmed!.nextSlot!).getTime()).toBeGreaterThan(Date.now());
    expect(ahmed!.fee).toBeGreaterThan(0);
    expect(typeof ahmed!.ratings).toBe('number');
    expect(typeof ahmed!.rate).toBe('number');
    // Swapped letters and a word still being typed.
    expect(names((await search('q=hlaa%20sabry')).doctors)).toEqual(['Hala Sabry']);
    expect(names((await search('q=yasm')).doctors)).toEqual(['Yasmin Fouad']);
  });

  it('ignores accents and case on both sides', async () => {
    expect(names((await search('q=zoe%20emile')).doctors)).toEqual(['Zoë Émile Ménard']);
    expect(names((await search(`q=${encodeURIComponent('RÁNIA hélmy')}`)).doctors)).toEqual(['Rania Helmy']);
  });

  it('finds doctors by department, even misspelt, and prefers exact matches to typo matches', async () => {
    const cardio = await search('q=cardiolgy');
    expect(cardio.total).toBe(3);
    expect(cardio.doctors.every((d) => d.specialization === 'Cardiology')).toBe(true);
    // "Mona" is a name: "Mina"/"Mena" style typo matches are dropped when an exact one exists.
    expect(names((await search('q=mona')).doctors)).toEqual(['Mona Adel']);
    expect((await search('q=xyzzyq')).doctors).toEqual([]);
  });

  it('filters by department and gender together', async () => {
    const { doctors } = await search('specialization=Eye&gender=female&sort=name');
    expect(names(doctors)).toEqual(['Rania Helmy', 'Zoë Émile Ménard']);
    const men = await search('gender=male');
    expect(men.doctors.every((d) => d.gender === 'male')).toBe(true);
  });

  it('sorts by next free slot by default (doctors without one last), by rating or by name', async () => {
    const soonest = await search('page=1');
    const rest = await search('sort=nextSlot&page=2');
    expect(soonest.total).toBe(25);
    const slots = [...soonest.doctors, ...rest.doctors].map((d) => d.nextSlot);
    const open = slots.filter((s): s is string => s !== null);
    expect(open).toEqual([...open].sort());
    expect(slots.at(-1)).toBeNull();
    expect(rest.doctors.at(-1)!.name).toBe('Zoë Émile Ménard');

    const byName = await search('sort=name');
    expect(names(byName.doctors)).toEqual([...names(byName.doctors)].sort((a, b) => a.localeCompare(b)));

    const byRating = await search('sort=rating');
    const rates = byRating.doctors.map((d) => d.rate);
    expect(rates).toEqual([...rates].sort((a, b) => b - a));
  });

  it('pages results 24 at a time', async () => {
    const first = await search('sort=name&page=1');
    const second = await search('sort=name&page=2');
    expect(first).toMatchObject({ total: 25, page: 1, pages: 2 });
    expect(first.doctors).toHaveLength(24);
    expect(second.doctors).toHaveLength(1);
    expect(names(first.doctors)).not.toContain(second.doctors[0]!.name);
  });

  it('moves the next slot on when the earliest one is reserved', async () => {
    const patient = await signUpAndLogin(server.app, 'patient');
    const before = (await search('q=laila%20mansour')).doctors[0]!;
    const page = (await get(`/api/doctors/?name=${encodeURIComponent(before.name)}`)).json().doctor;
    const earliest = page.availableDates.find((s: { reserved: boolean }) => !s.reserved);
    expect(earliest.startsAt).toBe(before.nextSlot);
    const reserve = await server.app.inject({
      method: 'POST',
      url: `/api/appointment/reserve/?appointment=${earliest._id}&receiver=${before._id}`,
      ...withToken(patient.token),
    });
    expect(reserve.statusCode, reserve.body).toBe(200);
    const after = (await search('q=laila%20mansour')).doctors[0]!;
    expect(after.nextSlot! > before.nextSlot!).toBe(true);
  });

  it('refuses an unknown sort, gender or page with a message', async () => {
    for (const [query, message] of [
      ['sort=price', /next available slot/],
      ['gender=other', /male or female/],
      ['page=0', /whole number/],
      ['q=a&page=abc', /whole number/],
    ] as const) {
      const res = await get(`/api/doctors/?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message).toMatch(message);
    }
  });

  it('keeps the contract lists and adds nextSlot and fee to their items', async () => {
    const all = (await get('/api/doctors')).json();
    expect(all.doctors).toHaveLength(25);
    expect(all.doctors[0]).toHaveProperty('nextSlot');
    expect(all.doctors[0]).toHaveProperty('fee');
    const dept = (await get('/api/doctors/?specialization=Cardiology')).json();
    expect(dept.doctor).toHaveLength(3);
  });

  it('keeps the word index in step when a doctor is renamed or removed', async () => {
    const doctor = await signUpAndLogin(server.app, 'doctor', { name: 'Dr. Quentin Oyelaran', specialization: 'Dental', gender: 'male' });
    expect(names((await search('q=oyelaran')).doctors)).toEqual(['Quentin Oyelaran']);
    const renamed = await server.app.inject({ method: 'PATCH', url: '/api/auth/user', ...withToken(doctor.token, { name: 'Dr. Quentin Brightwater' }) });
    expect(renamed.statusCode, renamed.body).toBe(200);
    // A new name waits for an administrator: listed under the approved one until then.
    expect(names((await search('q=oyelaran')).doctors)).toEqual(['Quentin Oyelaran']);
    const admin = await server.app.inject({ method: 'POST', url: '/api/auth/login', ...multipart({ email: 'admin@clinic.test', password: 'Admin#2026' }) });
    const approved = await server.app.inject({ method: 'POST', url: `/api/admin/profile-changes/${doctor.id}/approve`, ...withToken(admin.json().token) });
    expect(approved.statusCode, approved.body).toBe(200);
    expect((await search('q=oyelaran')).doctors).toEqual([]);
    expect(names((await search('q=brigthwater')).doctors)).toEqual(['Quentin Brightwater']);
    await server.app.db.deleteFrom('users').where('id', '=', doctor.id).execute();
    expect((await search('q=brightwater')).doctors).toEqual([]);
    const words = await server.app.db.selectFrom('doctor_search_words').select('word').where('doctor_id', '=', doctor.id).execute();
    expect(words).toEqual([]);
  });

  it('shows a rating as soon as it is given or taken back', async () => {
    const [hala] = (await search('q=hala%20sabry')).doctors;
    const patient = await signUpAndLogin(server.app, 'patient');
    const rate = (await server.app.db.selectFrom('ratings').select('rate').where('doctor_id', '=', hala!._id).execute()).map((r) => r.rate);
    await server.app.db.insertInto('ratings').values({ doctor_id: hala!._id, patient_id: patient.id, rate: 1, updated_at: new Date().toISOString() }).execute();
    const after = (await search('q=hala%20sabry')).doctors[0]!;
    expect(after.ratings).toBe(hala!.ratings + 1);
    expect(after.rate).toBe(Math.round(([...rate, 1].reduce((a, b) => a + b, 0) / (rate.length + 1)) * 10) / 10);
    await server.app.db.deleteFrom('ratings').where('doctor_id', '=', hala!._id).where('patient_id', '=', patient.id).execute();
    expect((await search('q=hala%20sabry')).doctors[0]).toMatchObject({ rate: hala!.rate, ratings: hala!.ratings });
  });

  it('moves the next slot on when the one it showed has begun, with no write in between', async () => {
    const [ahmed] = (await search('q=ahmed%20hassan')).doctors;
    // As if the slot shown had begun a minute ago: nothing was written since, time simply passed.
    await server.app.db
      .updateTable('users')
      .set({ next_free_at: new Date(Date.now() - 60_000).toISOString() })
      .where('id', '=', ahmed!._id)
      .execute();
    const after = (await search('q=ahmed%20hassan')).doctors[0]!;
    expect(after.nextSlot).toBe(ahmed!.nextSlot);
    expect(new Date(after.nextSlot!).getTime()).toBeGreaterThan(Date.now());
  });
});
