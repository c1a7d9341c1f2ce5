import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../server/lib/ids.js';
import { type Account, multipart, signUpAndLogin, startTestServer, type TestServer, withToken } from './helpers.js';

let server: TestServer;
let doctor: Account, otherDoctor: Account, patient: Account, otherPatient: Account, pharmacist: Account;

/** The next 15 January or 15 February that is still ahead: winter in Cairo, so UTC+2. */
function winterDate(): string {
  const now = new Date();
  for (const year of [now.getUTCFullYear(), now.getUTCFullYear() + 1]) {
    for (const month of ['01', '02']) {
      const candidate = `${year}-${month}-15`;
      if (new Date(`${candidate}T00:00:00Z`).getTime() > now.getTime() + 86400000) return candidate;
    }
  }
  throw new Error('unreachable');
}

const addSlot = (token: string, fields: Record<string, string>) => server.app.inject({ method: 'POST', url: '/api/appointment', ...withToken(token, fields) });
const list = (token: string) => server.app.inject({ method: 'GET', url: '/api/appointment', headers: { authorization: token } });
const reserve = (token: string, slot: string, receiver: string) =>
  server.app.inject({ method: 'POST', url: `/api/appointment/reserve/?appointment=${slot}&receiver=${receiver}`, ...withToken(token) });
const cancel = (token: string, slot: string) =>
  server.app.inject({ method: 'DELETE', url: `/api/appointment/cancel/?appointment=${slot}`, headers: { authorization: token } });

async function newSlot(owner: Account, time: string, date = winterDate()): Promise<string> {
  const res = await addSlot(owner.token, { date, time });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().appointment._id;
}

beforeAll(async () => {
  // One patient here reserves many slots and 20 patients sign in at once; the cap on upcoming
  // reservations and the login limits and their slow-down have their own tests (visits-and-ratings,
  // abuse-limits).
  server = await startTestServer({ env: { MAX_UPCOMING_RESERVATIONS: '100', LOGIN_MAX_ATTEMPTS: '1000', LOGIN_MAX_DELAY_SECONDS: '0' } });
  [doctor, otherDoctor, patient, otherPatient, pharmacist] = await Promise.all([
    signUpAndLogin(server.app, 'doctor', { name: 'Dr. Amal Fahmy', specialization: 'Eye' }),
    signUpAndLogin(server.app, 'doctor'),
    signUpAndLogin(server.app, 'patient', { name: 'Nour Said' }),
    signUpAndLogin(server.app, 'patient'),
    signUpAndLogin(server.app, 'pharmacist'),
  ]);
});
afterAll(async () => {
  await server?.close();
});

describe('publishing slots', () => {
  it("stores a doctor's slot in UTC and shows it in the clinic's time zone", async () => {
    const date = winterDate();
    const res = await addSlot(doctor.token, { date, time: '10:30' });
    expect(res.statusCode).toBe(200);
    const { appointment } = res.json();
    expect(appointment).toMatchObject({ time: '10:30', reserved: false, patient: null, chat: null, timeZone: 'Africa/Cairo' });
    expect(appointment.date).toBe(`${date}T12:00:00.000Z`);
    expect(appointment.startsAt).toBe(`${date}T08:30:00.000Z`);
    const row = await server.database.db.selectFrom('appointments').selectAll().where('id', '=', appointment._id).executeTakeFirstOrThrow();
    expect(row.starts_at).toBe(`${date}T08:30:00.000Z`);
  });

  it('reads other common ways of writing dates and times', async () => {
    const [y, m, d] = winterDate().split('-');
    const res = await addSlot(doctor.token, { date: `${m}/${d}/${y}`, time: '4:15 pm' });
    expect(res.statusCode).toBe(200);
    expect(res.json().appointment).toMatchObject({ time: '16:15', date: `${y}-${m}-${d}T12:00:00.000Z` });
  });

  it('refuses unreadable, impossible and past dates, bad times and duplicates with a clear message', async () => {
    const cases: [Record<string, string>, number, RegExp][] = [
      [{ date: 'next tuesday', time: '10:00' }, 400, /not a date we can read/],
      [{ date: '2027-02-30', time: '10:00' }, 400, /not a real calendar date/],
      [{ date: '2020-01-01', time: '10:00' }, 400, /has already passed/],
      [{ date: winterDate(), time: '25:00' }, 400, /not a time we can read/],
      [{ date: winterDate(), time: '' }, 400, /enter the time/],
      [{ date: '', time: '10:00' }, 400, /enter the date/],
      [{ date: winterDate(), time: '10:30' }, 409, /already have an appointment on .* at 10:30/],
      [{ date: winterDate(), time: '10:30:00' }, 409, /already have an appointment/],
    ];
    for (const [fields, status, message] of cases) {
      const res = await addSlot(doctor.token, fields);
      expect(res.statusCode, JSON.stringify(fields)).toBe(status);
      expect(res.json().message).toMatch(message);
    }
  });

  it('lets two doctors use the same time, and lets only doctors publish', async () => {
    expect((await addSlot(otherDoctor.token, { date: winterDate(), time: '10:30' })).statusCode).toBe(200);
    const asPatient = await addSlot(patient.token, { date: winterDate(), time: '11:00' });
    expect(asPatient.statusCode).toBe(403);
    expect(asPatient.json().message).toBe('Only doctors can add appointments');
    expect((await addSlot(pharmacist.token, { date: winterDate(), time: '11:00' })).statusCode).toBe(403);
    const form = multipart({ date: winterDate(), time: '11:00' });
    const guest = await server.app.inject({
      method: 'POST',
      url: '/api/appointment',
      payload: form.payload,
      headers: { ...form.headers, authorization: 'null' },
    });
    expect(guest.statusCode).toBe(401);
    expect(guest.json().message).toBe('Unauthorized');
  });

  it('lists a doctor only their own slots, and pharmacists none; guests get 401', async () => {
    const mine = (await list(doctor.token)).json().appointments;
    expect(mine).toHaveLength(2);
    expect(mine.every((a: { doctor: { _id: string } }) => a.doctor._id === doctor.id)).toBe(true);
    expect((await list(pharmacist.token)).json()).toEqual({ appointments: [] });
    const guest = await list('null');
    expect(guest.statusCode).toBe(401);
    expect(guest.json().message).toBe('Unauthorized');
  });
});

describe('reserving slots', () => {
  it('reserves for a patient, opens the patient–doctor chat and the care relation, and shows both sides', async () => {
    const slot = await newSlot(doctor, '12:00');
    const res = await reserve(patient.token, slot, doctor.id);
    expect(res.statusCode).toBe(200);
    const { chat, appointment } = res.json();
    expect(chat).toMatch(/^[0-9a-f]{24}$/);
    expect(appointment).toMatchObject({ reserved: true, patient: { _id: patient.id, name: 'Nour Said' }, chat });

    const db = server.database.db;
    const chats = await db.selectFrom('chats').selectAll().where('id', '=', chat).execute();
    expect(chats).toEqual([expect.objectContaining({ sender_id: patient.id, receiver_id: doctor.id })]);
    const relation = await db.selectFrom('care_relations').selectAll().where('doctor_id', '=', doctor.id).where('patient_id', '=', patient.id).execute();
    expect(relation).toHaveLength(1);

    const asPatient = (await list(patient.token)).json().appointments;
    expect(asPatient).toEqual([
      expect.objectContaining({ _id: slot, reserved: true, chat, doctor: expect.objectContaining({ name: 'Amal Fahmy', specialization: 'Eye' }) }),
    ]);
    const asDoctor = (await list(doctor.token)).json().appointments.find((a: { _id: string }) => a._id === slot);
    expect(asDoctor).toMatchObject({ reserved: true, patient: { _id: patient.id, name: 'Nour Said' }, chat });
    const free = (await list(doctor.token)).json().appointments.find((a: { reserved: boolean }) => !a.reserved);
    expect(free).toMatchObject({ patient: null, chat: null });

    const page = (
      await server.app.inject({ method: 'GET', url: `/api/doctors/?name=${encodeURIComponent('Dr. Amal Fahmy')}`, headers: { authorization: patient.token } })
    ).json().doctor;
    expect(page.availableDates.find((s: { _id: string }) => s._id === slot)).toMatchObject({ reserved: true, patient: patient.id, chat });
  });

  it('reuses the existing chat for a second reservation with the same doctor', async () => {
    const slot = await newSlot(doctor, '13:00');
    const res = await reserve(patient.token, slot, doctor.id);
    expect(res.statusCode).toBe(200);
    const chats = await server.database.db.selectFrom('chats').select('id').where('sender_id', '=', patient.id).where('receiver_id', '=', doctor.id).execute();
    expect(chats).toHaveLength(1);
    expect(res.json().chat).toBe(chats[0].id);
  });

  it('refuses a taken slot, a slot of another doctor, non-patients, guests and unknown slots', async () => {
    const slot = await newSlot(doctor, '14:00');
    expect((await reserve(patient.token, slot, doctor.id)).statusCode).toBe(200);
    const again = await reserve(patient.token, slot, doctor.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('You have already reserved this appointment');
    const taken = await reserve(otherPatient.token, slot, doctor.id);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toMatch(/someone else has just reserved/);

    const free = await newSlot(doctor, '15:00');
    const wrongDoctor = await reserve(otherPatient.token, free, otherDoctor.id);
    expect(wrongDoctor.statusCode).toBe(400);
    expect(wrongDoctor.json().message).toBe('This appointment does not belong to this doctor');
    const noReceiver = await reserve(otherPatient.token, free, 'undefined');
    expect(noReceiver.statusCode).toBe(400);
    const asDoctor = await reserve(otherDoctor.token, free, doctor.id);
    expect(asDoctor.statusCode).toBe(403);
    expect(asDoctor.json().message).toBe('Only patients can reserve appointments');
    expect((await reserve(pharmacist.token, free, doctor.id)).statusCode).toBe(403);
    const guest = await server.app.inject({
      method: 'POST',
      url: `/api/appointment/reserve/?appointment=${free}&receiver=${doctor.id}`,
      headers: { authorization: 'null' },
    });
    expect(guest.statusCode).toBe(401);
    const unknown = await reserve(otherPatient.token, newId(), doctor.id);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('This appointment does not exist any more');
    expect((await reserve(otherPatient.token, 'not-an-id', doctor.id)).statusCode).toBe(404);
    expect((await reserve(otherPatient.token, '', doctor.id)).statusCode).toBe(400);
  });

  it('refuses a slot that has already started', async () => {
    const id = newId();
    const past = new Date(Date.now() - 3600000).toISOString();
    await server.database.db
      .insertInto('appointments')
      .values({ id, doctor_id: doctor.id, starts_at: past, time: '09:00', reserved: 0, patient_id: null, created_at: past, updated_at: past })
      .execute();
    const res = await reserve(otherPatient.token, id, doctor.id);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/already passed/);
  });

  it('gives exactly one of 20 concurrent reservations of one slot', async () => {
    // On SQLite the driver runs these requests' transactions one after another, so this passes there even without the conditional update; race-guarantees.test.ts races the statements themselves on every database.
    const slot = await newSlot(otherDoctor, '09:15');
    const patients = await Promise.all(Array.from({ length: 20 }, () => signUpAndLogin(server.app, 'patient')));
    const results = await Promise.all(patients.map((p) => reserve(p.token, slot, otherDoctor.id)));
    const winners = results.map((r, i) => ({ status: r.statusCode, patient: patients[i] })).filter((r) => r.status === 200);
    expect(winners).toHaveLength(1);
    for (const r of results.filter((x) => x.statusCode !== 200)) {
      expect(r.statusCode).toBe(409);
      expect(r.json().message).toMatch(/someone else has just reserved/);
    }
    const db = server.database.db;
    const row = await db.selectFrom('appointments').selectAll().where('id', '=', slot).executeTakeFirstOrThrow();
    expect(row.patient_id).toBe(winners[0].patient.id);
    const chats = await db.selectFrom('chats').select('sender_id').where('receiver_id', '=', otherDoctor.id).execute();
    expect(chats.map((c) => c.sender_id)).toEqual([winners[0].patient.id]);
    const relations = await db.selectFrom('care_relations').select('patient_id').where('doctor_id', '=', otherDoctor.id).execute();
    expect(relations.map((c) => c.patient_id)).toEqual([winners[0].patient.id]);
  });
});

describe('cancelling', () => {
  it('lets the holding patient release a slot, which frees it for others', async () => {
    const slot = await newSlot(doctor, '16:00');
    await reserve(patient.token, slot, doctor.id);
    const stranger = await cancel(otherPatient.token, slot);
    expect(stranger.statusCode).toBe(403);
    expect(stranger.json().message).toBe('You can only cancel your own appointments');
    expect((await cancel(otherDoctor.token, slot)).statusCode).toBe(403);
    expect((await cancel(pharmacist.token, slot)).statusCode).toBe(403);

    const res = await cancel(patient.token, slot);
    expect(res.statusCode).toBe(200);
    expect((await list(patient.token)).json().appointments.some((a: { _id: string }) => a._id === slot)).toBe(false);
    const asDoctor = (await list(doctor.token)).json().appointments.find((a: { _id: string }) => a._id === slot);
    expect(asDoctor).toMatchObject({ reserved: false, patient: null, chat: null });
    expect((await reserve(otherPatient.token, slot, doctor.id)).statusCode).toBe(200);
    // The patient cannot cancel a slot that is no longer theirs.
    expect((await cancel(patient.token, slot)).statusCode).toBe(403);
  });

  it('lets the owning doctor delete a slot, reserved (with a reason) or not (with an empty multipart body)', async () => {
    const free = await newSlot(doctor, '17:30');
    const emptyBody = await server.app.inject({ method: 'DELETE', url: `/api/appointment/cancel/?appointment=${free}`, ...withToken(doctor.token) });
    expect(emptyBody.statusCode, emptyBody.body).toBe(200);
    const slot = await newSlot(doctor, '17:00');
    await reserve(patient.token, slot, doctor.id);
    const res = await server.app.inject({
      method: 'DELETE',
      url: `/api/appointment/cancel/?appointment=${slot}`,
      ...withToken(doctor.token, { reason: 'The clinic is closed that day' }),
    });
    expect(res.statusCode).toBe(200);
    expect((await list(doctor.token)).json().appointments.some((a: { _id: string }) => a._id === slot)).toBe(false);
    expect((await list(patient.token)).json().appointments.some((a: { _id: string }) => a._id === slot)).toBe(false);
    expect((await cancel(doctor.token, slot)).statusCode).toBe(404);
  });

  it('keeps a past visit as its record: the doctor cannot delete a reserved slot whose time has passed, even with a reason', async () => {
    const visitor = await signUpAndLogin(server.app, 'patient');
    const visit = await newSlot(doctor, '06:10');
    const emptyPast = await newSlot(doctor, '06:40');
    expect((await reserve(visitor.token, visit, doctor.id)).statusCode).toBe(200);
    for (const [i, slot] of [visit, emptyPast].entries()) {
      await server.database.db
        .updateTable('appointments')
        .set({ starts_at: new Date(Date.now() - (i + 2) * 3600_000).toISOString() })
        .where('id', '=', slot)
        .execute();
    }
    for (const fields of [{}, { reason: 'Tidying my calendar' }] as Record<string, string>[]) {
      const res = await server.app.inject({ method: 'DELETE', url: `/api/appointment/cancel/?appointment=${visit}`, ...withToken(doctor.token, fields) });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe('This visit has taken place: it stays as the record of the visit and cannot be deleted');
    }
    expect((await list(visitor.token)).json().appointments.some((a: { _id: string }) => a._id === visit)).toBe(true);
    // A past slot nobody reserved is no record of anything: it can go.
    expect((await cancel(doctor.token, emptyPast)).statusCode).toBe(200);
  });

  it('answers guests with 401 and a missing id with 400', async () => {
    const guest = await cancel('null', newId());
    expect(guest.statusCode).toBe(401);
    const missing = await cancel(doctor.token, '');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Please choose the appointment to cancel');
  });
});

describe('the clinic time zone', () => {
  it('follows CLINIC_TIME_ZONE for entering and showing slots', async () => {
    const tokyo = await startTestServer({ env: { CLINIC_TIME_ZONE: 'Asia/Tokyo' } });
    try {
      const owner = await signUpAndLogin(tokyo.app, 'doctor');
      const date = winterDate();
      const res = await tokyo.app.inject({ method: 'POST', url: '/api/appointment', ...withToken(owner.token, { date, time: '08:00' }) });
      expect(res.statusCode).toBe(200);
      // 08:00 in Tokyo (UTC+9) is 23:00 UTC the day before; the clinic's day and time are shown.
      const previousDay = new Date(Date.parse(`${date}T00:00:00Z`) - 86400000).toISOString().slice(0, 10);
      expect(res.json().appointment).toMatchObject({
        startsAt: `${previousDay}T23:00:00.000Z`,
        date: `${date}T12:00:00.000Z`,
        time: '08:00',
        timeZone: 'Asia/Tokyo',
      });
    } finally {
      await tokyo.close();
    }
  });
});
