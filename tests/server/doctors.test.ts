import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAccounts } from '../../server/db/seed/people.js';
import { multipart, signUpAndLogin, startTestServer, withToken, type TestServer } from './helpers.js';

let server: TestServer;
let demoPatientToken: string;
let demoDoctorId: string;

const get = (url: string, token = 'null') => server.app.inject({ method: 'GET', url, headers: { authorization: token } });
const rate = (doctor: string, value: string, token?: string) =>
  server.app.inject({ method: 'POST', url: `/api/doctors/rate/?doctor=${doctor}&rate=${value}`, ...(token ? withToken(token) : multipart({})) });

beforeAll(async () => {
  server = await startTestServer({ seed: true });
  const login = await server.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    ...multipart({ email: demoAccounts.patient.email, password: demoAccounts.patient.password }),
  });
  demoPatientToken = login.json().user.tokens[0].token;
  // The address of his page from before titles left stored names still finds him.
  demoDoctorId = (await get('/api/doctors/?name=Dr. Ahmed Hassan')).json().doctor._id;
});
afterAll(async () => {
  await server?.close();
});

describe('finding doctors', () => {
  it('lists every doctor under `doctors` with a string image, even with Authorization: null', async () => {
    const res = await get('/api/doctors');
    expect(res.statusCode).toBe(200);
    const { doctors } = res.json();
    expect(doctors).toHaveLength(24);
    for (const d of doctors) {
      expect(d._id).toMatch(/^[0-9a-f]{24}$/);
      expect(typeof d.image).toBe('string');
      expect(d.image.length).toBeGreaterThan(0);
      expect(typeof d.rate).toBe('number');
      expect(d).not.toHaveProperty('password_hash');
    }
  });

  it('filters by department under `doctor` (an array), case-insensitively', async () => {
    const exact = (await get('/api/doctors/?specialization=Cardiology')).json();
    expect(exact.doctor).toHaveLength(3);
    expect(exact.doctor.every((d: { specialization: string }) => d.specialization === 'Cardiology')).toBe(true);
    const lower = (await get('/api/doctors?specialization=cardiology')).json();
    expect(lower.doctor.map((d: { _id: string }) => d._id)).toEqual(exact.doctor.map((d: { _id: string }) => d._id));
    const unknown = await get('/api/doctors/?specialization=Astrology');
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual({ doctor: [] });
    // The text `undefined` means no filter.
    expect((await get('/api/doctors/?specialization=undefined')).json().doctors).toHaveLength(24);
  });

  it('gives one doctor by name with education, slots whose patient is a bare id, and mapped fields', async () => {
    const res = await get('/api/doctors/?name=Dr.%20Ahmed%20Hassan');
    expect(res.statusCode).toBe(200);
    const { doctor } = res.json();
    expect(doctor.name).toBe('Ahmed Hassan');
    expect(doctor.specialization).toBe('Cardiology');
    expect(Array.isArray(doctor.education)).toBe(true);
    expect(doctor.education[0]).toEqual({ _id: expect.any(String), year: expect.any(String), degree: expect.any(String), school: expect.any(String) });
    for (const key of ['phone', 'officeNumber', 'email', 'address', 'government', 'country', 'aboutDoctor']) {
      expect(typeof doctor[key]).toBe('string');
    }
    expect(doctor.address).toContain('Nile Clinic Building');
    expect(doctor.aboutDoctor.length).toBeGreaterThan(20);
    expect(doctor.rate).toBe(5);
    const held = doctor.availableDates.find((s: { reserved: boolean }) => s.reserved);
    // A public page does not say who holds a slot; only the holder is told it is hers, with the chat.
    expect(held.patient).toBeNull();
    expect(held.chat).toBeNull();
    for (const slot of doctor.availableDates) {
      expect(Number.isNaN(new Date(slot.date).getTime())).toBe(false);
      expect(slot.time).toMatch(/^\d{2}:\d{2}$/);
      expect(typeof slot.reserved).toBe('boolean');
      expect(new Date(slot.startsAt).getTime()).toBeGreaterThan(Date.now());
    }
    const asHolder = (await get('/api/doctors/?name=dr. ahmed hassan', demoPatientToken)).json().doctor;
    expect(asHolder.availableDates.find((s: { reserved: boolean }) => s.reserved).chat).toMatch(/^[0-9a-f]{24}$/);
    expect(asHolder.availableDates.find((s: { reserved: boolean }) => s.reserved).patient).toBe(demoAccounts.patient.id);
  });

  it('answers 404 with a message for an unknown name', async () => {
    const res = await get('/api/doctors/?name=Dr.%20Nobody');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toContain('Dr. Nobody');
  });

  it('lists top doctors highest rate first', async () => {
    const { doctors } = (await get('/api/top-doctors')).json();
    expect(doctors.length).toBeGreaterThan(0);
    expect(doctors[0]._id).toBe(demoDoctorId);
    const rates = doctors.map((d: { rate: number }) => d.rate);
    expect([...rates].sort((a, b) => b - a)).toEqual(rates);
  });
});

describe('rating a doctor', () => {
  it('refuses guests with 401 Unauthorized and non-patients with 403', async () => {
    const guest = await rate(demoDoctorId, '4');
    expect(guest.statusCode).toBe(401);
    expect(guest.json().message).toBe('Unauthorized');
    const doctor = await signUpAndLogin(server.app, 'doctor');
    const asDoctor = await rate(demoDoctorId, '4', doctor.token);
    expect(asDoctor.statusCode).toBe(403);
    expect(asDoctor.json().message).toBe('Only patients can rate doctors');
    const pharmacist = await signUpAndLogin(server.app, 'pharmacist');
    expect((await rate(demoDoctorId, '4', pharmacist.token)).statusCode).toBe(403);
  });

  it('accepts only whole numbers 1 to 5, including refusing the text undefined', async () => {
    for (const value of ['undefined', '', '0', '6', '2.5', '-1', 'abc', '5abc']) {
      const res = await rate(demoDoctorId, value, demoPatientToken);
      expect(res.statusCode, value).toBe(400);
      expect(res.json().message).toBe('Please choose a rating from 1 to 5 stars');
    }
  });

  it('lets only patients who visited the doctor rate, and averages; re-rating replaces', async () => {
    const stranger = await signUpAndLogin(server.app, 'patient');
    const refused = await rate(demoDoctorId, '1', stranger.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('You can rate Dr. Ahmed Hassan after a visit: once the time of an appointment you reserved has passed');

    // The stranger reserves a slot and its time passes, which makes the rating a verified one.
    const slot = (await get('/api/doctors/?name=Dr. Ahmed Hassan')).json().doctor.availableDates.find((s: { reserved: boolean }) => !s.reserved);
    const reserve = await server.app.inject({
      method: 'POST',
      url: `/api/appointment/reserve/?appointment=${slot._id}&receiver=${demoDoctorId}`,
      ...withToken(stranger.token),
    });
    expect(reserve.statusCode).toBe(200);
    expect((await rate(demoDoctorId, '2', stranger.token)).statusCode).toBe(403);
    await server.database.db
      .updateTable('appointments')
      .set({ starts_at: new Date(Date.now() - 3600_000).toISOString() })
      .where('id', '=', slot._id)
      .execute();

    const first = await rate(demoDoctorId, '2', stranger.token);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ rate: 3.5, ratings: 2, yourRate: 2 });
    const again = await rate(demoDoctorId, '4', stranger.token);
    expect(again.json()).toMatchObject({ rate: 4.5, ratings: 2 });
    expect((await get('/api/doctors/?name=Dr. Ahmed Hassan')).json().doctor.rate).toBe(4.5);

    // A visit that took place cannot be cancelled away; the right to rate stays.
    const cancel = await server.app.inject({
      method: 'DELETE',
      url: `/api/appointment/cancel/?appointment=${slot._id}`,
      headers: { authorization: stranger.token },
    });
    expect(cancel.statusCode).toBe(400);
    expect((await rate(demoDoctorId, '3', stranger.token)).statusCode).toBe(200);
  });

  it('refuses an unknown or missing doctor', async () => {
    expect((await rate('0123456789abcdef01234567', '5', demoPatientToken)).statusCode).toBe(404);
    const missing = await rate('undefined', '5', demoPatientToken);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Please choose the doctor to rate');
  });
});
