import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../server/lib/ids.js';
import { appointmentsRepository } from '../../server/modules/appointments/repository.js';
import { clinicTimeToUtc } from '../../server/lib/clinic-time.js';
import { processExpiredOffers } from '../../server/modules/appointments/waitlist.js';
import { attachedCalendar, lastMailTo, rawMailsTo } from './outbox.js';
import { markEmailVerified, signUpAndLogin, startTestServer, withToken, type TestServer } from './helpers.js';

/**
 * Calendar files, a doctor's cancellation with a reason, overlapping bookings, moving a reservation,
 * the cancellation cutoff and the waiting list, through HTTP on a real database.
 */

let server: TestServer;
type Account = Awaited<ReturnType<typeof signUpAndLogin>>;

beforeAll(async () => {
  // 20 patients sign in at once from one address; the login limits have their own tests (abuse-limits).
  server = await startTestServer({ env: { MAX_UPCOMING_RESERVATIONS: '100', LOGIN_MAX_ATTEMPTS: '1000', LOGIN_MAX_DELAY_SECONDS: '0' } });
});
afterAll(async () => {
  await server?.close();
});

const db = () => server.database.db;
const inject = (options: InjectOptions) => server.app.inject(options);
const reserve = (who: Account, slot: string, doctor: string) =>
  inject({ method: 'POST', url: `/api/appointment/reserve/?appointment=${slot}&receiver=${doctor}`, ...withToken(who.token) });
const cancel = (who: Account, slot: string, fields: Record<string, string> = {}) =>
  inject({ method: 'DELETE', url: `/api/appointment/cancel/?appointment=${slot}`, ...withToken(who.token, fields) });
const move = (who: Account, slot: string, to: string) =>
  inject({ method: 'POST', url: `/api/appointment/${slot}/reschedule`, ...withToken(who.token, { to }) });
const ics = (token: string, slot: string) => inject({ method: 'GET', url: `/api/appointment/${slot}/calendar.ics`, headers: { authorization: token } });
const field = (file: string, name: string) => new RegExp(`^${name}[:;](.*)$`, 'm').exec(file)?.[1]?.trim();

/** A slot inserted as a doctor would publish it on `date` at `time` clinic time. */
async function slotAt(doctor: Account, date: string, time: string): Promise<string> {
  const startsAt = clinicTimeToUtc(date, time, 'Africa/Cairo');
  const id = newId();
  const now = new Date().toISOString();
  await db()
    .insertInto('appointments')
    .values({ id, doctor_id: doctor.id, starts_at: startsAt.toISOString(), time, reserved: 0, patient_id: null, created_at: now, updated_at: now })
    .execute();
  return id;
}

/** A slot starting `hours` from now. */
async function slotIn(doctor: Account, hours: number): Promise<string> {
  const id = newId();
  const now = new Date().toISOString();
  const starts = new Date(Date.now() + hours * 3600000);
  starts.setUTCSeconds(0, 0);
  await db()
    .insertInto('appointments')
    .values({ id, doctor_id: doctor.id, starts_at: starts.toISOString(), time: '00:00', reserved: 0, patient_id: null, created_at: now, updated_at: now })
    .execute();
  return id;
}

const pad = (n: number) => String(n).padStart(2, '0');
/** The last given weekday (0 = Sunday) of a month, as YYYY-MM-DD. */
function lastWeekday(year: number, month: number, weekday: number): string {
  const d = new Date(Date.UTC(year, month, 0));
  while (d.getUTCDay() !== weekday) d.setUTCDate(d.getUTCDate() - 1);
  return `${year}-${pad(month)}-${pad(d.getUTCDate())}`;
}
const dayBefore = (date: string) => new Date(Date.parse(`${date}T12:00:00Z`) - 86400000).toISOString().slice(0, 10);
const dayAfter = (date: string) => new Date(Date.parse(`${date}T12:00:00Z`) + 86400000).toISOString().slice(0, 10);

const notificationsOf = (userId: string) => db().selectFrom('notifications').selectAll().where('user_id', '=', userId).orderBy('created_at').execute();

describe('calendar files', () => {
  it("puts a Cairo appointment at the right UTC instant on both sides of Egypt's daylight-saving changes", async () => {
    const doctor = await signUpAndLogin(server.app, 'doctor', { name: 'Dr. Calendar Dst' });
    const patient = await signUpAndLogin(server.app, 'patient');
    const year = new Date().getUTCFullYear() + 1;
    // Egypt: summer time from the last Friday of April to the last Thursday of October (UTC+3), else UTC+2.
    const summerStarts = lastWeekday(year, 4, 5);
    const summerEnds = lastWeekday(year, 10, 4);
    const cases: [string, string][] = [
      [dayBefore(summerStarts), '080000Z'],
      [summerStarts, '070000Z'],
      [summerEnds, '070000Z'],
      [dayAfter(summerEnds), '080000Z'],
    ];
    for (const [date, utc] of cases) {
      const slot = await slotAt(doctor, date, '10:00');
      expect((await reserve(patient, slot, doctor.id)).statusCode).toBe(200);
      const file = (await ics(patient.token, slot)).body;
      expect(field(file, 'DTSTART'), date).toBe(`${date.replace(/-/g, '')}T${utc}`);
      expect(file).toContain('X-WR-TIMEZONE:Africa/Cairo');
      expect(file.replace(/\r\n[ \t]/g, '')).toContain(`Clinic time (Africa/Cairo): ${date} at 10:00`);
    }
  });

  it('gives the patient and her doctor the same stable UID; nobody else gets the file; a move raises SEQUENCE and a cancellation says CANCEL', async () => {
    const doctor = await signUpAndLogin(server.app, 'doctor', { name: 'Dr. Calendar Owner' });
    const otherDoctor = await signUpAndLogin(server.app, 'doctor');
    const patient = await signUpAndLogin(server.app, 'patient');
    const stranger = await signUpAndLogin(server.app, 'patient');
    const slot = await slotIn(doctor, 72);
    const later = await slotIn(doctor, 96);
    const res = await reserve(patient, slot, doctor.id);
    expect(res.statusCode).toBe(200);

    const first = await ics(patient.token, slot);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toMatch(/^text\/calendar/);
    expect(first.headers['content-disposition']).toMatch(/attachment; filename="appointment.ics"/);
    const uid = field(first.body, 'UID');
    expect(uid).toMatch(/@localhost$/);
    expect(field(first.body, 'METHOD')).toBe('PUBLISH');
    expect(field(first.body, 'SEQUENCE')).toBe('0');
    expect(field((await ics(patient.token, slot)).body, 'UID')).toBe(uid);
    expect(field((await ics(doctor.token, slot)).body, 'UID')).toBe(uid);
    for (const outsider of [stranger.token, otherDoctor.token]) expect((await ics(outsider, slot)).statusCode).toBe(404);
    expect((await ics('null', slot)).statusCode).toBe(401);
    expect((await ics(doctor.token, later)).statusCode).toBe(404);

    // The confirmation email carries the same event.
    const mail = rawMailsTo(server.config.dataDir, patient.email, 'Your appointment is reserved').at(-1);
    expect(mail).toBeDefined();
    expect(field(attachedCalendar(mail as string) ?? '', 'UID')).toBe(uid);

    expect((await move(patient, slot, later)).statusCode).toBe(200);
    const moved = (await ics(patient.token, later)).body;
    expect(field(moved, 'UID')).toBe(uid);
    expect(field(moved, 'SEQUENCE')).toBe('1');
    expect((await ics(patient.token, slot)).statusCode).toBe(404);

    expect((await cancel(patient, later)).statusCode).toBe(200);
    const cancelled = (await ics(patient.token, later)).body;
    expect(field(cancelled, 'UID')).toBe(uid);
    expect(field(cancelled, 'METHOD')).toBe('CANCEL');
    expect(field(cancelled, 'STATUS')).toBe('CANCELLED');
    expect(field(cancelled, 'SEQUENCE')).toBe('2');
    expect(lastMailTo(server.config.dataDir, doctor.email, 'appointment')).toBeUndefined();
  });
});

describe('calendar files of reservations made before them', () => {
  it('gives a reservation without an event (seeded or older) a stable one on first download', async () => {
    const doctor = await signUpAndLogin(server.app, 'doctor');
    const patient = await signUpAndLogin(server.app, 'patient');
    const stranger = await signUpAndLogin(server.app, 'patient');
    const slot = await slotIn(doctor, 30);
    await db().updateTable('appointments').set({ reserved: 1, patient_id: patient.id }).where('id', '=', slot).execute();
    expect((await ics(stranger.token, slot)).statusCode).toBe(404);
    const first = await ics(patient.token, slot);
    expect(first.statusCode).toBe(200);
    expect(field(first.body, 'UID')).toBe(`${slot}.${patient.id}@localhost`);
    expect(field((await ics(doctor.token, slot)).body, 'UID')).toBe(`${slot}.${patient.id}@localhost`);
  });
});

describe('a doctor cancelling a booked slot', () => {
  it('needs a reason; the patient is told at once (notification, email, chat) with his next free times', async () => {
    const doctor = await signUpAndLogin(server.app, 'doctor', { name: 'Dr. Busy Cancel' });
    const patient = await signUpAndLogin(server.app, 'patient');
    // Notifications are emailed only to verified addresses.
    await markEmailVerified(server.app, patient.id);
    const slot = await slotIn(doctor, 48);
    const next = await slotIn(doctor, 120);
    expect((await reserve(patient, slot, doctor.id)).statusCode).toBe(200);

    const noReason = await cancel(doctor, slot);
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toMatch(/reason/);
    expect((await cancel(doctor, slot, { reason: '   ' })).statusCode).toBe(400);

    const res = await cancel(doctor, slot, { reason: 'I am at a conference that day' });
    expect(res.statusCode, res.body).toBe(200);
    const nextRow = await db().selectFrom('appointments').select('starts_at').where('id', '=', next).executeTakeFirstOrThrow();
    const { utcToClinicTime } = await import('../../server/lib/clinic-time.js');
    const nextLocal = utcToClinicTime(new Date(nextRow.starts_at), 'Africa/Cairo');
    const nextText = `${nextLocal.date} at ${nextLocal.time}`;

    const told = (await notificationsOf(patient.id)).filter((n) => n.event === 'slot_released');
    expect(told).toHaveLength(1);
    expect(told[0].body).toContain('I am at a conference that day');
    expect(told[0].body).toContain(nextText);
    expect(told[0].link).toBe(`/doctor/${encodeURIComponent('Busy Cancel')}`);

    const mail = lastMailTo(server.config.dataDir, patient.email, 'cancelled by the doctor');
    expect(mail?.text).toContain('I am at a conference that day');
    expect(mail?.text).toContain(nextText);
    const raw = rawMailsTo(server.config.dataDir, patient.email, 'cancelled by the doctor').at(-1) as string;
    expect(field(attachedCalendar(raw) ?? '', 'METHOD')).toBe('CANCEL');

    const chat = await db().selectFrom('chats').select('id').where('sender_id', '=', patient.id).where('receiver_id', '=', doctor.id).executeTakeFirstOrThrow();
    const lines = await db().selectFrom('messages').select(['content', 'sender_id']).where('chat_id', '=', chat.id).execute();
    expect(lines.some((l) => l.sender_id === doctor.id && l.content.includes('I am at a conference that day') && l.content.includes(nextText))).toBe(true);

    expect(field((await ics(patient.token, slot)).body, 'METHOD')).toBe('CANCEL');
    expect((await ics(doctor.token, slot)).statusCode).toBe(200);
    // Nobody else is told.
    expect((await notificationsOf(doctor.id)).some((n) => n.event === 'slot_released')).toBe(false);
  });

  it('deletes a free slot without a reason and tells nobody', async () => {
    const doctor = await signUpAndLogin(server.app, 'doctor');
    const slot = await slotIn(doctor, 30);
    expect((await cancel(doctor, slot)).statusCode).toBe(200);
  });
});

describe('overlapping bookings', () => {
  it('refuses a second appointment at the same time with another doctor, naming the first', async () => {
    const first = await signUpAndLogin(server.app, 'doctor', { name: 'Dr. First Overlap' });
    const second = await signUpAndLogin(server.app, 'doctor');
    const patient = await signUpAndLogin(server.app, 'patient');
    const year = new Date().getUTCFullYear() + 1;
    const date = `${year}-02-10`;
    const a = await slotAt(first, date, '10:00');
    const same = await slotAt(second, date, '10:00');
    const within = await slotAt(second, date, '10:20');
    const after = await slotAt(second, date, '10:30');
    expect((await reserve(patient, a, first.id)).statusCode).toBe(200);
    for (const slot of [same, within]) {
      const res = await reserve(patient, slot, second.id);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toContain(`Dr. First Overlap on ${date} at 10:00`);
      expect(res.json().conflict).toMatchObject({ doctor: 'First Overlap', time: '10:00' });
    }
    expect((await reserve(patient, after, second.id)).statusCode).toBe(200);
  });

  it('lets only one of two overlapping reservations sent at once through', async () => {
    const doctors = await Promise.all([signUpAndLogin(server.app, 'doctor'), signUpAndLogin(server.app, 'doctor')]);
    const patient = await signUpAndLogin(server.app, 'patient');
    const slots = await Promise.all(doctors.map((d) => slotIn(d, 200)));
    const results = await Promise.all(slots.map((s, i) => reserve(patient, s, doctors[i].id)));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });
});

describe('rescheduling', () => {
  it('moves to a free slot of the same doctor; the old one is freed only when the new one is taken', async () => {
    const doctor = await signUpAndLogin(server.app, 'doctor');
    const other = await signUpAndLogin(server.app, 'doctor');
    const patient = await signUpAndLogin(server.app, 'patient');
    const rival = await signUpAndLogin(server.app, 'patient');
    const [mine, free, taken, elsewhere] = await Promise.all([slotIn(doctor, 50), slotIn(doctor, 75), slotIn(doctor, 80), slotIn(other, 90)]);
    expect((await reserve(patient, mine, doctor.id)).statusCode).toBe(200);
    expect((await reserve(rival, taken, doctor.id)).statusCode).toBe(200);

    const onTaken = await move(patient, mine, taken);
    expect(onTaken.statusCode).toBe(409);
    expect((await move(patient, mine, elsewhere)).statusCode).toBe(400);
    expect((await move(rival, mine, free)).statusCode).toBe(403);
    const holder = async (slot: string) =>
      (await db().selectFrom('appointments').select('patient_id').where('id', '=', slot).executeTakeFirstOrThrow()).patient_id;
    expect(await holder(mine)).toBe(patient.id);

    const res = await move(patient, mine, free);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().appointment).toMatchObject({ _id: free, reserved: true });
    expect(await holder(free)).toBe(patient.id);
    expect(await holder(mine)).toBeNull();
    expect((await notificationsOf(doctor.id)).some((n) => n.title.includes('moved'))).toBe(true);
  });

  it('moves one appointment once when it is moved to two times at once: the losing move takes nothing', async () => {
    // On SQLite the driver runs these requests' transactions one after another, so this passes there even without the conditional update; race-guarantees.test.ts races the statements themselves on every database.
    const doctor = await signUpAndLogin(server.app, 'doctor');
    const patient = await signUpAndLogin(server.app, 'patient');
    const [mine, b, c] = await Promise.all([slotIn(doctor, 40), slotIn(doctor, 140), slotIn(doctor, 160)]);
    expect((await reserve(patient, mine, doctor.id)).statusCode).toBe(200);
    const results = await Promise.all([move(patient, mine, b), move(patient, mine, c)]);
    const codes = results.map((r) => r.statusCode).sort();
    // The loser is refused before its transaction (403, no longer hers) or inside it (409, rolled back).
    expect(codes[0]).toBe(200);
    expect([403, 409]).toContain(codes[1]);
    const held = await db().selectFrom('appointments').select('id').where('patient_id', '=', patient.id).execute();
    expect(held).toHaveLength(1);
    expect([b, c]).toContain(held[0].id);
    // A move whose old slot is no longer hers (a request that read it just before) takes nothing either.
    const spare = await slotIn(doctor, 180);
    const repo = appointmentsRepository(db(), server.database.dialect);
    const now = new Date().toISOString();
    const outcome = await db()
      .transaction()
      .execute((trx) => repo.move(trx, mine, spare, doctor.id, patient.id, now, now));
    expect(outcome).toBe('not-yours');
  });

  it('gives one target slot to exactly one of 20 patients moving to it at once; the others keep theirs', async () => {
    // On SQLite the driver runs these requests' transactions one after another, so this passes there even without the conditional update; race-guarantees.test.ts races the statements themselves on every database.
    const doctor = await signUpAndLogin(server.app, 'doctor');
    const patients = await Promise.all(Array.from({ length: 20 }, () => signUpAndLogin(server.app, 'patient')));
    const own = await Promise.all(patients.map((_, i) => slotIn(doctor, 30 + i)));
    for (const [i, p] of patients.entries()) expect((await reserve(p, own[i], doctor.id)).statusCode).toBe(200);
    const target = await slotIn(doctor, 100);
    const results = await Promise.all(patients.map((p, i) => move(p, own[i], target)));
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
    const winner = patients[codes.indexOf(200)];
    const rows = await db().selectFrom('appointments').select(['id', 'patient_id', 'reserved']).where('doctor_id', '=', doctor.id).execute();
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(target)?.patient_id).toBe(winner.id);
    for (const [i, p] of patients.entries()) {
      expect(byId.get(own[i])?.patient_id ?? null).toBe(p === winner ? null : p.id);
    }
  });
});

describe('the cancellation cutoff', () => {
  it(`closes cancelling and moving CANCEL_CUTOFF_HOURS (12) before the appointment, and says when`, async () => {
    const doctor = await signUpAndLogin(server.app, 'doctor');
    const patient = await signUpAndLogin(server.app, 'patient');
    const soon = await slotIn(doctor, 6);
    const free = await slotIn(doctor, 60);
    const res = await reserve(patient, soon, doctor.id);
    expect(res.statusCode).toBe(200);
    const { appointment } = res.json();
    expect(Date.parse(appointment.startsAt) - Date.parse(appointment.changeableUntil)).toBe(12 * 3600000);
    const cancelled = await cancel(patient, soon);
    expect(cancelled.statusCode).toBe(400);
    expect(cancelled.json().message).toMatch(/until 12 hours before/);
    expect((await move(patient, soon, free)).statusCode).toBe(400);
    // The doctor may still cancel, with a reason.
    expect((await cancel(doctor, soon, { reason: 'Emergency surgery' })).statusCode).toBe(200);
  });
});

describe('waiting lists', () => {
  const join = (who: Account, doctor: string) => inject({ method: 'POST', url: `/api/doctors/${doctor}/waitlist`, ...withToken(who.token) });
  const leave = (who: Account, doctor: string) => inject({ method: 'DELETE', url: `/api/doctors/${doctor}/waitlist`, headers: { authorization: who.token } });
  const status = (who: Account, doctor: string) => inject({ method: 'GET', url: `/api/doctors/${doctor}/waitlist`, headers: { authorization: who.token } });
  const addSlot = (doctor: Account, date: string, time: string) =>
    inject({ method: 'POST', url: '/api/appointment', ...withToken(doctor.token, { date, time }) });

  it('offers a freed slot to the first waiting patient for 15 minutes, then to the next', async () => {
    const doctor = await signUpAndLogin(server.app, 'doctor', { name: 'Dr. Waitlist Busy' });
    const [first, second, third] = await Promise.all([1, 2, 3].map(() => signUpAndLogin(server.app, 'patient')));
    await Promise.all([first, second, third].map((p) => markEmailVerified(server.app, p.id)));
    const farAway = await slotIn(doctor, 24 * 20);
    expect(farAway).toBeTruthy();
    expect((await join(doctor, doctor.id)).statusCode).toBe(403);
    expect((await join(first, newId())).statusCode).toBe(404);
    const j1 = await join(first, doctor.id);
    expect(j1.statusCode, j1.body).toBe(200);
    expect(j1.json().waitlist).toMatchObject({ joined: true, position: 1 });
    expect((await join(second, doctor.id)).json().waitlist.position).toBe(2);
    expect((await join(third, doctor.id)).json().waitlist.position).toBe(3);

    // The doctor publishes a new time: the first waiting patient is offered it.
    const day = new Date(Date.now() + 3 * 86400000).toISOString().slice(0, 10);
    const added = await addSlot(doctor, day, '11:00');
    expect(added.statusCode).toBe(200);
    const slot = added.json().appointment._id;
    const offer = (await notificationsOf(first.id)).find((n) => n.event === 'waitlist_offer');
    expect(offer?.link).toBe(`/doctor/${encodeURIComponent('Waitlist Busy')}?offer=${slot}`);
    expect((await notificationsOf(second.id)).some((n) => n.event === 'waitlist_offer')).toBe(false);
    const mail = lastMailTo(server.config.dataDir, first.email, 'A time has freed up');
    expect(mail?.text).toContain(`?offer=${slot}`);
    const firstStatus = (await status(first, doctor.id)).json().waitlist;
    expect(firstStatus.offer.slot).toBe(slot);
    expect(Date.parse(firstStatus.offer.until) - Date.now()).toBeGreaterThan(14 * 60000);

    // Held for her: nobody else can take it, and the doctor's page says so only to her.
    const taken = await reserve(second, slot, doctor.id);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toMatch(/held for a patient from the waiting list/);

    // Her 15 minutes pass: two pollers run at once and the offer moves on exactly once.
    const later = new Date(Date.now() + 16 * 60000);
    const passes = await Promise.all([processExpiredOffers(server.app, later), processExpiredOffers(server.app, later)]);
    expect(passes[0] + passes[1]).toBe(1);
    expect((await status(first, doctor.id)).json().waitlist.joined).toBe(false);
    expect((await notificationsOf(second.id)).filter((n) => n.event === 'waitlist_offer')).toHaveLength(1);
    expect((await notificationsOf(third.id)).some((n) => n.event === 'waitlist_offer')).toBe(false);
    expect((await reserve(third, slot, doctor.id)).statusCode).toBe(409);

    const got = await reserve(second, slot, doctor.id);
    expect(got.statusCode, got.body).toBe(200);
    expect((await status(second, doctor.id)).json().waitlist.joined).toBe(false);
    expect((await status(third, doctor.id)).json().waitlist).toMatchObject({ joined: true, position: 1 });
  });

  it('refuses to wait for a doctor with a free time in the next 14 days; a cancellation is offered to the waiting patient; leaving works', async () => {
    const doctor = await signUpAndLogin(server.app, 'doctor');
    const holder = await signUpAndLogin(server.app, 'patient');
    const waiting = await signUpAndLogin(server.app, 'patient');
    const slot = await slotIn(doctor, 48);
    const refused = await join(waiting, doctor.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/reserve it instead/);
    expect((await reserve(holder, slot, doctor.id)).statusCode).toBe(200);
    expect((await join(waiting, doctor.id)).statusCode).toBe(200);
    expect((await cancel(holder, slot)).statusCode).toBe(200);
    expect((await status(waiting, doctor.id)).json().waitlist.offer?.slot).toBe(slot);
    expect((await leave(waiting, doctor.id)).statusCode).toBe(200);
    expect((await leave(waiting, doctor.id)).statusCode).toBe(400);
    // Her hold is lifted when she leaves: anyone may reserve it.
    expect((await reserve(holder, slot, doctor.id)).statusCode).toBe(200);
  });
});
