import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndLogin, startTestServer, withToken, type TestServer } from './helpers.js';

let server: TestServer;
type Account = Awaited<ReturnType<typeof signUpAndLogin>>;
let doctor: Account;

beforeAll(async () => {
  server = await startTestServer({ seed: true });
  doctor = await signUpAndLogin(server.app, 'doctor');
});
afterAll(async () => {
  await server?.close();
});

const inDays = (days: number) => new Date(Date.now() + days * 86400000).toISOString().slice(0, 10);
async function addSlots(token: string, count: number, dayOffset = 3): Promise<string[]> {
  for (let i = 0; i < count; i++) {
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/appointment',
      ...withToken(token, { date: inDays(dayOffset), time: `${String(8 + i).padStart(2, '0')}:15` }),
    });
    if (res.statusCode !== 200) throw new Error(res.body);
  }
  const mine = (await server.app.inject({ method: 'GET', url: '/api/appointment', headers: { authorization: token } })).json();
  return (mine.appointments ?? mine).filter((s: { reserved: boolean }) => !s.reserved).map((s: { _id: string }) => s._id);
}
const reserve = (token: string, slot: string, doctorId: string) =>
  server.app.inject({ method: 'POST', url: `/api/appointment/reserve/?appointment=${slot}&receiver=${doctorId}`, ...withToken(token) });
const release = (token: string, slot: string) =>
  server.app.inject({ method: 'DELETE', url: `/api/appointment/cancel/?appointment=${slot}`, headers: { authorization: token } });
const rate = (token: string, doctorId: string, stars: string, comment?: string) =>
  server.app.inject({
    method: 'POST',
    url: `/api/doctors/rate/?doctor=${doctorId}&rate=${stars}`,
    ...withToken(token, comment === undefined ? {} : { comment }),
  });
const mark = (token: string, slot: string, attendance: string) =>
  server.app.inject({ method: 'POST', url: `/api/appointment/attendance/?appointment=${slot}`, ...withToken(token, { attendance }) });
const profile = async (name: string) => (await server.app.inject({ method: 'GET', url: `/api/doctors/?name=${encodeURIComponent(name)}` })).json().doctor;
/** Time passes: the slot's start moves into the past, as it would a few days later. */
const letTimePass = (slot: string) =>
  server.database.db
    .updateTable('appointments')
    .set({ starts_at: new Date(Date.now() - 3600_000).toISOString() })
    .where('id', '=', slot)
    .execute();

describe("one patient cannot take all of a doctor's slots", () => {
  it('holds at most 3 upcoming reservations (MAX_UPCOMING_RESERVATIONS); cancelling one frees a place', async () => {
    const { token: dr } = await signUpAndLogin(server.app, 'doctor');
    const drId = (await server.app.inject({ method: 'GET', url: '/api/auth/user', headers: { authorization: dr } })).json().user._id;
    const slots = await addSlots(dr, 6);
    const greedy = await signUpAndLogin(server.app, 'patient');
    const results = await Promise.all(slots.map((s) => reserve(greedy.token, s, drId)));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(3);
    const refused = results.find((r) => r.statusCode !== 200);
    expect(refused?.statusCode).toBe(409);
    expect(refused?.json().message).toBe(
      'You already hold 3 upcoming appointments, the most one patient may hold. Please cancel one or wait until it has passed.',
    );
    // The other slots stay free for other patients.
    expect(
      (
        await profile((await server.app.inject({ method: 'GET', url: '/api/auth/user', headers: { authorization: dr } })).json().user.name)
      ).availableDates.filter((d: { reserved: boolean }) => !d.reserved),
    ).toHaveLength(3);
    const held = results.flatMap((r, i) => (r.statusCode === 200 ? [slots[i]] : []));
    expect((await release(greedy.token, held[0])).statusCode).toBe(200);
    const free = slots.find((s) => !held.includes(s)) as string;
    expect((await reserve(greedy.token, free, drId)).statusCode).toBe(200);
  });
});

describe('ratings follow real visits', () => {
  it('throwaway patients who reserve, release and rate 1 star change nothing', async () => {
    const slots = await addSlots(doctor.token, 5, 4);
    for (const slot of slots) {
      const throwaway = await signUpAndLogin(server.app, 'patient');
      expect((await reserve(throwaway.token, slot, doctor.id)).statusCode).toBe(200);
      expect((await release(throwaway.token, slot)).statusCode).toBe(200);
      const res = await rate(throwaway.token, doctor.id, '1');
      expect(res.statusCode).toBe(403);
    }
    // Holding an upcoming reservation is not a visit either.
    const holder = await signUpAndLogin(server.app, 'patient');
    expect((await reserve(holder.token, slots[0], doctor.id)).statusCode).toBe(200);
    const early = await rate(holder.token, doctor.id, '1');
    expect(early.statusCode).toBe(403);
    expect(early.json().message).toMatch(/after a visit/);
    const page = await profile((await server.app.inject({ method: 'GET', url: '/api/auth/user', headers: { authorization: doctor.token } })).json().user.name);
    expect(page.ratings).toBe(0);
  });

  it('after the visit the patient rates with a comment shown on the profile; a no-show cannot rate', async () => {
    const [slot, second] = await addSlots(doctor.token, 2, 5);
    const patient = await signUpAndLogin(server.app, 'patient');
    expect((await reserve(patient.token, slot, doctor.id)).statusCode).toBe(200);
    // Marking needs the slot's time to have come, and only the owning doctor can mark.
    const tooEarly = await mark(doctor.token, slot, 'attended');
    expect(tooEarly.statusCode).toBe(400);
    expect(tooEarly.json().message).toBe('You can mark this appointment once its time has come');
    await letTimePass(slot);
    expect((await release(patient.token, slot)).statusCode).toBe(400);

    const rated = await rate(patient.token, doctor.id, '4', '  Kind and on time.  ');
    expect(rated.statusCode, rated.body).toBe(200);
    expect(rated.json()).toMatchObject({ rate: 4, ratings: 1, yourRate: 4 });
    const name = (await server.app.inject({ method: 'GET', url: '/api/auth/user', headers: { authorization: doctor.token } })).json().user.name;
    expect((await profile(name)).reviews).toEqual([{ rate: 4, comment: 'Kind and on time.', date: expect.any(String) }]);
    expect(JSON.stringify((await profile(name)).reviews)).not.toContain(patient.id);
    expect((await rate(patient.token, doctor.id, '4', 'x'.repeat(1001))).statusCode).toBe(400);

    const other = await signUpAndLogin(server.app, 'doctor');
    expect((await mark(other.token, slot, 'no_show')).statusCode).toBe(403);
    expect((await mark(patient.token, slot, 'no_show')).statusCode).toBe(403);
    expect((await mark(doctor.token, slot, 'maybe')).statusCode).toBe(400);
    expect((await mark(doctor.token, second, 'attended')).json().message).toBe('Nobody reserved this appointment');
    const noShow = await mark(doctor.token, slot, 'no_show');
    expect(noShow.statusCode).toBe(200);
    expect(noShow.json().appointment.attendance).toBe('no_show');
    const list = (await server.app.inject({ method: 'GET', url: '/api/appointment', headers: { authorization: doctor.token } })).json();
    expect((list.appointments ?? list).find((a: { _id: string }) => a._id === slot).attendance).toBe('no_show');
    expect((await rate(patient.token, doctor.id, '1', 'Changed my mind')).statusCode).toBe(403);
    expect((await mark(doctor.token, slot, 'attended')).statusCode).toBe(200);
    expect((await rate(patient.token, doctor.id, '5')).statusCode).toBe(200);
  });

  it('a no-show takes away the rating that rested on that visit alone, and the average follows; a rating resting on another visit stays', async () => {
    const ratedDoctor = await signUpAndLogin(server.app, 'doctor');
    const name = (await server.app.inject({ method: 'GET', url: '/api/auth/user', headers: { authorization: ratedDoctor.token } })).json().user.name;
    const [onlyVisit, firstVisit, secondVisit, fair] = await addSlots(ratedDoctor.token, 4, 6);
    const [absent, regular, fairPatient] = await Promise.all([
      signUpAndLogin(server.app, 'patient'),
      signUpAndLogin(server.app, 'patient'),
      signUpAndLogin(server.app, 'patient'),
    ]);
    expect((await reserve(absent.token, onlyVisit, ratedDoctor.id)).statusCode).toBe(200);
    expect((await reserve(regular.token, firstVisit, ratedDoctor.id)).statusCode).toBe(200);
    expect((await reserve(regular.token, secondVisit, ratedDoctor.id)).statusCode).toBe(200);
    expect((await reserve(fairPatient.token, fair, ratedDoctor.id)).statusCode).toBe(200);
    for (const [i, slot] of [onlyVisit, firstVisit, secondVisit, fair].entries()) {
      await server.database.db
        .updateTable('appointments')
        .set({ starts_at: new Date(Date.now() - (i + 1) * 3600_000).toISOString() })
        .where('id', '=', slot!)
        .execute();
    }
    expect((await rate(absent.token, ratedDoctor.id, '1', 'Terrible')).statusCode).toBe(200);
    expect((await rate(regular.token, ratedDoctor.id, '3')).statusCode).toBe(200);
    expect((await rate(fairPatient.token, ratedDoctor.id, '5')).statusCode).toBe(200);
    expect((await profile(name)).rate).toBe(3);

    expect((await mark(ratedDoctor.token, onlyVisit, 'no_show')).statusCode).toBe(200);
    const after = await profile(name);
    expect(after.rate).toBe(4);
    expect(after.reviews.map((r: { comment: string }) => r.comment)).not.toContain('Terrible');
    const left = await server.database.db.selectFrom('ratings').select('patient_id').where('doctor_id', '=', ratedDoctor.id).execute();
    expect(left.map((r) => r.patient_id).sort()).toEqual([regular.id, fairPatient.id].sort());
    // One of two visits missed: the other visit still carries the rating.
    expect((await mark(ratedDoctor.token, firstVisit, 'no_show')).statusCode).toBe(200);
    expect((await profile(name)).rate).toBe(4);
  });

  it('the demo patient has attended visits with two doctors and can rate both at once', async () => {
    const login = await server.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      ...withToken('', { email: 'patient@clinic.test', password: 'Patient#2026' }),
    });
    const token = login.json().user.tokens[0].token as string;
    const visits = (await server.app.inject({ method: 'GET', url: '/api/appointment', headers: { authorization: token } })).json();
    const past = (visits.appointments ?? visits).filter(
      (a: { startsAt: string; attendance: string }) => a.startsAt < new Date().toISOString() && a.attendance === 'attended',
    );
    const doctors = [...new Set(past.map((a: { doctor: { _id: string } }) => a.doctor._id))] as string[];
    expect(doctors).toHaveLength(2);
    for (const id of doctors) expect((await rate(token, id, '5', 'Very helpful')).statusCode).toBe(200);
  });
});
