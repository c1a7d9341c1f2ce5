import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, grantAdmin, markEmailVerified, multipart, signUpAndLogin, startTestServer, type TestServer, withToken } from './helpers.js';
import { attachedCalendar, rawMailsTo } from './outbox.js';

let server: TestServer;
let doctor: Account;
let colleague: Account;
let eyeDoctor: Account;
let patient: Account;
let otherPatient: Account;
let pharmacist: Account;
let admin: Account;
const doctorName = 'Dr. Samira Wahba';
/** His name as stored: the title is added by each screen and mail. */
const storedName = 'Samira Wahba';

/** A day (YYYY-MM-DD) some days ahead. */
const daysAhead = (days: number) => new Date(Date.now() + days * 86400000).toISOString().slice(0, 10);

const send = (fields: Record<string, string>, token?: string) =>
  server.app.inject({ method: 'POST', url: '/api/appointment/requests', ...(token ? withToken(token, fields) : multipart(fields)) });
const list = (token: string) => server.app.inject({ method: 'GET', url: '/api/appointment/requests', headers: { authorization: token } });
const accept = (token: string, id: string, appointment: string) =>
  server.app.inject({ method: 'POST', url: `/api/appointment/requests/${id}/accept`, ...withToken(token, { appointment }) });
const decline = (token: string, id: string, reason: string) =>
  server.app.inject({ method: 'POST', url: `/api/appointment/requests/${id}/decline`, ...withToken(token, { reason }) });
const requestCount = async () =>
  Number(
    (
      await server.database.db
        .selectFrom('appointment_requests')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

const preferred = { date: daysAhead(10), time: '11:00' };
const guestForm = { name: 'Mariam Adel', phone: '+20 100 123 4567', department: 'Cardiology', ...preferred, reason: 'Chest pain when climbing stairs' };

async function newSlot(owner: Account, day: number, time: string): Promise<string> {
  const res = await server.app.inject({ method: 'POST', url: '/api/appointment', ...withToken(owner.token, { date: daysAhead(day), time }) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().appointment._id;
}

async function patientRequest(account: Account, fields: Record<string, string> = {}): Promise<string> {
  const res = await send({ phone: '01001234567', doctor: doctorName, ...preferred, reason: 'Check-up', ...fields }, account.token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().request._id;
}

beforeAll(async () => {
  server = await startTestServer();
  [doctor, colleague, eyeDoctor, patient, otherPatient, pharmacist, admin] = await Promise.all([
    signUpAndLogin(server.app, 'doctor', { name: doctorName, specialization: 'Cardiology' }),
    signUpAndLogin(server.app, 'doctor', { specialization: 'Cardiology' }),
    signUpAndLogin(server.app, 'doctor', { specialization: 'Eye' }),
    signUpAndLogin(server.app, 'patient', { name: 'Nour Said' }),
    signUpAndLogin(server.app, 'patient'),
    signUpAndLogin(server.app, 'pharmacist'),
    signUpAndLogin(server.app, 'patient', { name: 'Clinic Admin' }),
  ]);
  await grantAdmin(server.app, admin.id);
});
afterAll(async () => {
  await server?.close();
});

describe('sending a request', () => {
  it('stores a guest request with name and phone and says so only after storing it', async () => {
    const before = await requestCount();
    const res = await send(guestForm);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Appointment requested successfully',
      request: {
        name: 'Mariam Adel',
        phone: '+20 100 123 4567',
        hasAccount: false,
        doctor: null,
        department: 'Cardiology',
        preferredDate: preferred.date,
        preferredTime: '11:00',
        status: 'pending',
      },
    });
    expect(await requestCount()).toBe(before + 1);
  });

  it('refuses an empty or incomplete form with a message naming what is missing, and stores nothing', async () => {
    const before = await requestCount();
    const cases: [Record<string, string>, RegExp][] = [
      [{}, /enter your name/],
      [{ ...guestForm, name: '' }, /enter your name/],
      [{ ...guestForm, phone: '' }, /phone number/],
      [{ ...guestForm, phone: 'call me' }, /not a phone number/],
      [{ ...guestForm, department: '' }, /choose a department or a doctor/],
      [{ ...guestForm, department: 'Astrology' }, /not one of our departments/],
      [{ ...guestForm, doctor: 'Dr. Nobody' }, /no doctor called Dr\. Nobody/],
      [{ ...guestForm, department: 'Eye', doctor: doctorName }, /works in Cardiology, not Eye/],
      [{ ...guestForm, date: '' }, /choose the day/],
      [{ ...guestForm, time: '' }, /choose the time/],
      [{ ...guestForm, date: '2020-01-01' }, /already passed/],
      [{ ...guestForm, date: 'soon' }, /not a date we can read/],
      [{ ...guestForm, email: 'not-an-email' }, /not an email address/],
      [{ ...guestForm, reason: 'x'.repeat(1001) }, /shorten the reason/],
    ];
    for (const [fields, message] of cases) {
      const res = await send(fields);
      expect(res.statusCode, JSON.stringify(fields).slice(0, 80)).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    expect(await requestCount()).toBe(before);
  });

  it("takes a patient's name and email from her account", async () => {
    const res = await send({ name: 'Someone Else', phone: '01001234567', doctor: doctorName, ...preferred }, patient.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().request).toMatchObject({
      name: 'Nour Said',
      email: patient.email,
      hasAccount: true,
      doctor: { _id: doctor.id, name: storedName },
      department: 'Cardiology',
    });
  });

  it('refuses requests from doctors and pharmacists', async () => {
    for (const account of [doctor, pharmacist]) {
      const res = await send(guestForm, account.token);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toMatch(/Only patients/);
    }
  });
});

describe('who sees requests', () => {
  it('shows a doctor the requests naming him and those for his department naming nobody; others not', async () => {
    const mine = await patientRequest(patient);
    const eyeRequest = (await send({ ...guestForm, department: 'Eye', name: 'Eye Guest' })).json().request._id;
    const doctorSees = (await list(doctor.token)).json().requests.map((r: { _id: string }) => r._id);
    expect(doctorSees).toContain(mine);
    expect(doctorSees).not.toContain(eyeRequest);
    const colleagueSees = (await list(colleague.token)).json().requests.map((r: { _id: string; doctor: unknown }) => r._id);
    expect(colleagueSees).not.toContain(mine);
    const eyeSees = (await list(eyeDoctor.token)).json().requests.map((r: { _id: string }) => r._id);
    expect(eyeSees).toEqual([eyeRequest]);
  });

  it('shows a patient only her own requests, an administrator all, and refuses pharmacists and guests', async () => {
    const mine = await patientRequest(otherPatient);
    const own = (await list(otherPatient.token)).json().requests;
    expect(own.map((r: { _id: string }) => r._id)).toEqual([mine]);
    const all = (await list(admin.token)).json().requests;
    expect(all.length).toBe(await requestCount());
    expect((await list(pharmacist.token)).statusCode).toBe(403);
    expect((await server.app.inject({ method: 'GET', url: '/api/appointment/requests' })).statusCode).toBe(401);
  });
});

describe('accepting and declining', () => {
  it('accepts into one of the doctor’s free slots: reserves it for the patient, tells her in the chat, and she sees it', async () => {
    const id = await patientRequest(patient, { reason: 'Palpitations' });
    const slot = await newSlot(doctor, 12, '10:00');
    const offered = await server.app.inject({ method: 'GET', url: `/api/appointment/requests/${id}/slots`, headers: { authorization: doctor.token } });
    expect(offered.json().slots.map((s: { _id: string }) => s._id)).toContain(slot);

    expect((await accept(colleague.token, id, slot)).statusCode).toBe(403);
    expect((await accept(patient.token, id, slot)).statusCode).toBe(403);
    const res = await accept(doctor.token, id, slot);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().request).toMatchObject({ status: 'accepted', appointment: { _id: slot, time: '10:00', doctor: storedName } });

    const row = await server.database.db.selectFrom('appointments').selectAll().where('id', '=', slot).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ reserved: 1, patient_id: patient.id });
    const chat = await server.database.db
      .selectFrom('chats')
      .selectAll()
      .where('sender_id', '=', patient.id)
      .where('receiver_id', '=', doctor.id)
      .executeTakeFirstOrThrow();
    expect(chat.last_message).toMatch(/request was accepted: Dr\. Samira Wahba will see you on .* at 10:00/);

    const seen = (await list(patient.token)).json().requests.find((r: { _id: string }) => r._id === id);
    expect(seen).toMatchObject({ status: 'accepted', appointment: { _id: slot } });
    const appointments = (await server.app.inject({ method: 'GET', url: '/api/appointment', headers: { authorization: patient.token } })).json().appointments;
    expect(appointments.map((a: { _id: string }) => a._id)).toContain(slot);

    const again = await accept(doctor.token, id, await newSlot(doctor, 12, '11:00'));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/already been accepted/);
  });

  it('gives a slot to exactly one of two requests accepted into it at once; the other stays pending', async () => {
    const first = await patientRequest(patient);
    const second = await patientRequest(otherPatient);
    const slot = await newSlot(doctor, 13, '12:00');
    const results = await Promise.all([accept(doctor.token, first, slot), accept(doctor.token, second, slot)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const loser = results[0]!.statusCode === 409 ? first : second;
    const row = await server.database.db
      .selectFrom('appointment_requests')
      .select(['status', 'appointment_id'])
      .where('id', '=', loser)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'pending', appointment_id: null });
  });

  it('refuses a slot that belongs to another doctor, a taken slot and an unknown one', async () => {
    const id = await patientRequest(patient);
    const foreign = await newSlot(colleague, 14, '10:00');
    expect((await accept(doctor.token, id, foreign)).json().message).toMatch(/slots offered/);
    expect((await accept(doctor.token, id, '')).json().message).toMatch(/choose the slot/);
    expect((await accept(doctor.token, id, 'a'.repeat(24))).statusCode).toBe(404);
    const taken = await newSlot(doctor, 14, '11:00');
    await server.database.db.updateTable('appointments').set({ reserved: 1, patient_id: otherPatient.id }).where('id', '=', taken).execute();
    const res = await accept(doctor.token, id, taken);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/just been reserved/);
  });

  it('declines only with a reason, which the patient then sees', async () => {
    const id = await patientRequest(otherPatient);
    const empty = await decline(doctor.token, id, '');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toMatch(/say why/);
    expect((await decline(eyeDoctor.token, id, 'No')).statusCode).toBe(403);
    const res = await decline(doctor.token, id, 'I am away that week; please ask for Dr. Laila Mansour');
    expect(res.statusCode, res.body).toBe(200);
    const seen = (await list(otherPatient.token)).json().requests.find((r: { _id: string }) => r._id === id);
    expect(seen).toMatchObject({ status: 'declined', declineReason: 'I am away that week; please ask for Dr. Laila Mansour', appointment: null });
    expect((await decline(doctor.token, id, 'again')).statusCode).toBe(409);
  });

  it("cannot reserve a slot for a guest; says whom to call; the guest's request can be declined", async () => {
    const id = (await send({ ...guestForm, doctor: doctorName })).json().request._id;
    const res = await accept(doctor.token, id, await newSlot(doctor, 15, '10:00'));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/Mariam Adel has no account.*\+20 100 123 4567/);
    expect((await decline(doctor.token, id, 'Booked by phone for Sunday')).statusCode).toBe(200);
  });

  it('lets an administrator accept a department request into any of its doctors’ slots', async () => {
    const id = await patientRequest(patient, { doctor: '', department: 'Cardiology' });
    const slot = await newSlot(colleague, 16, '10:00');
    const offered = await server.app.inject({ method: 'GET', url: `/api/appointment/requests/${id}/slots`, headers: { authorization: admin.token } });
    expect(offered.json().slots.map((s: { _id: string }) => s._id)).toContain(slot);
    const eyeSlot = await newSlot(eyeDoctor, 16, '10:00');
    expect((await accept(admin.token, id, eyeSlot)).statusCode).toBe(400);
    const res = await accept(admin.token, id, slot);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().request.appointment.doctor).toBe(
      (await server.database.db.selectFrom('users').select('name').where('id', '=', colleague.id).executeTakeFirstOrThrow()).name,
    );
  });

  it('treats an accepted request as a reservation: her confirmation mail carries the calendar file, and her reminders are planned', async () => {
    const booked = await signUpAndLogin(server.app, 'patient', { name: 'Hala Mostafa' });
    await markEmailVerified(server.app, booked.id);
    const id = await patientRequest(booked);
    const slot = await newSlot(doctor, 17, '10:00');
    expect((await accept(doctor.token, id, slot)).statusCode).toBe(200);

    const mail = rawMailsTo(server.config.dataDir, booked.email, 'Your appointment request was accepted').at(-1);
    expect(mail, 'one confirmation mail').toBeDefined();
    const calendar = attachedCalendar(mail as string) ?? '';
    expect(calendar).toMatch(/BEGIN:VEVENT/);
    expect(calendar).toMatch(/Dr\. Samira Wahba/);
    // The generic notification mail does not come as well.
    expect(rawMailsTo(server.config.dataDir, booked.email, 'accepted')).toHaveLength(1);
    const jobs = await server.database.db.selectFrom('scheduled_jobs').select('kind').where('appointment_id', '=', slot).execute();
    expect(jobs.map((j) => j.kind).sort()).toEqual(expect.arrayContaining(['reminder_24h', 'reminder_2h']));
    const calendarFile = await server.app.inject({ method: 'GET', url: `/api/appointment/${slot}/calendar.ics`, headers: { authorization: booked.token } });
    expect(calendarFile.statusCode).toBe(200);
  });

  it('refuses to accept a request into a time the patient already holds with another doctor, naming it', async () => {
    const busy = await signUpAndLogin(server.app, 'patient', { name: 'Yara Fawzy' });
    const theirs = await newSlot(colleague, 18, '10:00');
    const reserved = await server.app.inject({
      method: 'POST',
      url: `/api/appointment/reserve?appointment=${theirs}&receiver=${colleague.id}`,
      headers: { authorization: busy.token },
    });
    expect(reserved.statusCode, reserved.body).toBe(200);
    const id = await patientRequest(busy);
    const res = await accept(doctor.token, id, await newSlot(doctor, 18, '10:15'));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/^Yara Fawzy already has an appointment at that time: with .* at 10:00 .*Choose another time for her\.$/);
    const row = await server.database.db.selectFrom('appointment_requests').select(['status']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.status).toBe('pending');
  });

  it('answers 404 for a request that does not exist', async () => {
    expect((await decline(doctor.token, 'nope', 'x')).statusCode).toBe(404);
    expect((await accept(doctor.token, 'b'.repeat(24), 'x')).statusCode).toBe(404);
  });
});
