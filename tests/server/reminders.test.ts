import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.js';
import { openDatabase } from '../../server/db/index.js';
import { cancelAppointmentJobs, planAppointmentJobs } from '../../server/jobs/appointment-jobs.js';
import { createScheduler } from '../../server/jobs/scheduler.js';
import type { App } from '../../server/types.js';
import { signUpAndLogin, startTestServer, withToken, type TestServer } from './helpers.js';
import { readOutbox } from './outbox.js';

/**
 * Reminders 24 h and 2 h before a reserved appointment and the rating prompt after it, with a
 * controllable clock and two instances on one database (SQLite here, PostgreSQL with
 * DATABASE_URL): each is recorded and emailed exactly once, also after an instance restarts.
 */
let server: TestServer;
let second: { app: App; close(): Promise<void> };
type Account = Awaited<ReturnType<typeof signUpAndLogin>>;
let doctor: Account;
let patient: Account;
let bystander: Account;

const HOUR = 3_600_000;
const daysAhead = (days: number) => new Date(Date.now() + days * 86400000).toISOString().slice(0, 10);

/** Another instance of the portal on the same database, as a second process would be. */
async function anotherInstance() {
  const database = openDatabase(server.config);
  const app = await buildApp({ config: server.config, database, logger: false });
  await app.ready();
  return {
    app,
    close: async () => {
      await app.close();
      await database.db.destroy();
    },
  };
}

async function reservedSlot(day: number, time: string) {
  const made = await server.app.inject({ method: 'POST', url: '/api/appointment', ...withToken(doctor.token, { date: daysAhead(day), time }) });
  expect(made.statusCode, made.body).toBe(200);
  const slot = made.json().appointment as { _id: string; startsAt: string };
  const res = await server.app.inject({
    method: 'POST',
    url: `/api/appointment/reserve/?appointment=${slot._id}&receiver=${doctor.id}`,
    ...withToken(patient.token),
  });
  expect(res.statusCode, res.body).toBe(200);
  return { id: slot._id, start: new Date(slot.startsAt).getTime() };
}

const notices = async (account: Account, event: string) =>
  await server.database.db.selectFrom('notifications').selectAll().where('user_id', '=', account.id).where('event', '=', event).orderBy('created_at').execute();
const reminderMails = () => readOutbox(server.config.dataDir).filter((m) => m.to === patient.email && /Reminder|How was your visit/.test(m.subject));

beforeAll(async () => {
  // The pollers of the instances are off: the test turns the clock and runs the rounds itself.
  server = await startTestServer({ env: { JOBS_POLL_SECONDS: '0' } });
  second = await anotherInstance();
  [doctor, patient, bystander] = await Promise.all([
    signUpAndLogin(server.app, 'doctor', { name: 'Dr. Laila Fathy' }),
    signUpAndLogin(server.app, 'patient'),
    signUpAndLogin(server.app, 'patient'),
  ]);
  await server.database.db
    .insertInto('account_security')
    .values({ user_id: patient.id, email_verified: 1, mfa_secret: null, mfa_pending_secret: null, mfa_last_step: null, updated_at: new Date().toISOString() })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ email_verified: 1 }))
    .execute();
});
afterAll(async () => {
  await second?.close();
  await server?.close();
});

describe('appointment reminders', () => {
  it('sends each reminder and the rating prompt exactly once with two instances polling, also across a restart', async () => {
    const slot = await reservedSlot(3, '10:00');
    let clock = new Date(slot.start - 25 * HOUR);
    const a = createScheduler(server.app, { now: () => clock, instanceId: 'a' });
    let b = createScheduler(second.app, { now: () => clock, instanceId: 'b' });
    // A third poller on the first instance too: rounds of one scheduler never overlap, of two they may.
    const c = createScheduler(server.app, { now: () => clock, instanceId: 'c' });
    const bothPoll = async () => (await Promise.all([a.runDue(), b.runDue(), c.runDue()])).reduce((x, y) => x + y, 0);

    expect(await bothPoll()).toBe(0);
    expect(await notices(patient, 'appointment_reminder')).toHaveLength(0);

    clock = new Date(slot.start - 24 * HOUR + 60_000);
    expect(await bothPoll()).toBe(1);
    expect(await bothPoll()).toBe(0);
    const first = await notices(patient, 'appointment_reminder');
    expect(first).toHaveLength(1);
    expect(first[0].title).toBe('Reminder: your appointment with Dr. Laila Fathy is tomorrow');
    // In the clinic's time zone (Cairo), as the patient booked it.
    expect(first[0].body).toBe(`Your appointment with Dr. Laila Fathy is on ${daysAhead(3)} at 10:00 (clinic time).`);
    expect(reminderMails()).toHaveLength(1);

    // An instance restarts: its replacement finds nothing left to send.
    await second.close();
    second = await anotherInstance();
    b = createScheduler(second.app, { now: () => clock, instanceId: 'b2' });
    expect(await bothPoll()).toBe(0);

    clock = new Date(slot.start - 2 * HOUR + 60_000);
    expect(await bothPoll()).toBe(1);
    expect((await notices(patient, 'appointment_reminder')).map((n) => n.title)).toEqual([
      'Reminder: your appointment with Dr. Laila Fathy is tomorrow',
      'Reminder: your appointment with Dr. Laila Fathy is in 2 hours',
    ]);

    clock = new Date(slot.start + HOUR + 60_000);
    expect(await bothPoll()).toBe(1);
    expect(await bothPoll()).toBe(0);
    const prompt = await notices(patient, 'visit_rating_prompt');
    expect(prompt).toHaveLength(1);
    expect(prompt[0]).toMatchObject({ title: 'How was your visit?', link: '/doctor/Laila%20Fathy' });
    expect(reminderMails()).toHaveLength(3);
    // Nobody else heard of it.
    expect(await notices(bystander, 'appointment_reminder')).toHaveLength(0);
    expect(await notices(doctor, 'appointment_reminder')).toHaveLength(0);
    const jobs = await server.database.db.selectFrom('scheduled_jobs').select(['status', 'claimed_by']).where('appointment_id', '=', slot.id).execute();
    expect(jobs.map((j) => j.status)).toEqual(['done', 'done', 'done']);
  });

  it('sends nothing for a reservation the patient cancelled', async () => {
    const slot = await reservedSlot(4, '11:00');
    const cancel = await server.app.inject({
      method: 'DELETE',
      url: `/api/appointment/cancel/?appointment=${slot.id}`,
      headers: { authorization: patient.token },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const before = (await notices(patient, 'appointment_reminder')).length;
    let clock = new Date(slot.start - 24 * HOUR + 60_000);
    const scheduler = createScheduler(server.app, { now: () => clock });
    expect(await scheduler.runDue()).toBe(0);
    clock = new Date(slot.start + 2 * HOUR);
    expect(await scheduler.runDue()).toBe(0);
    expect(await notices(patient, 'appointment_reminder')).toHaveLength(before);
    const jobs = await server.database.db.selectFrom('scheduled_jobs').select('status').where('appointment_id', '=', slot.id).execute();
    expect(jobs.every((j) => j.status === 'cancelled')).toBe(true);
  });

  it('re-plans a moved appointment: reminders follow the new time, a job of the old time is skipped', async () => {
    const slot = await reservedSlot(5, '09:00');
    const movedStart = new Date(slot.start + 24 * HOUR).toISOString();
    const stale = await server.database.db
      .selectFrom('scheduled_jobs')
      .selectAll()
      .where('appointment_id', '=', slot.id)
      .where('kind', '=', 'reminder_24h')
      .executeTakeFirstOrThrow();
    // What the reschedule does in its transaction: move the slot and plan its jobs again.
    await server.database.db.transaction().execute(async (trx) => {
      await trx.updateTable('appointments').set({ starts_at: movedStart }).where('id', '=', slot.id).execute();
      await planAppointmentJobs(trx, { id: slot.id, patient_id: patient.id, starts_at: movedStart });
    });
    const pending = await server.database.db
      .selectFrom('scheduled_jobs')
      .select(['kind', 'run_at'])
      .where('appointment_id', '=', slot.id)
      .where('status', '=', 'pending')
      .orderBy('run_at')
      .execute();
    expect(pending.map((j) => j.kind)).toEqual(['reminder_24h', 'reminder_2h', 'rating_prompt']);
    expect(pending[0].run_at).toBe(new Date(slot.start).toISOString());
    expect((await server.database.db.selectFrom('scheduled_jobs').select('status').where('id', '=', stale.id).executeTakeFirstOrThrow()).status).toBe(
      'cancelled',
    );

    // A job left from the old time (planned by a caller that forgot to re-plan) is skipped, not sent.
    await server.database.db.updateTable('scheduled_jobs').set({ status: 'pending' }).where('id', '=', stale.id).execute();
    const before = (await notices(patient, 'appointment_reminder')).length;
    const clock = new Date(slot.start - 24 * HOUR + 60_000);
    expect(await createScheduler(server.app, { now: () => clock }).runDue()).toBe(1);
    expect(await notices(patient, 'appointment_reminder')).toHaveLength(before);
    const skipped = await server.database.db.selectFrom('scheduled_jobs').select(['status', 'outcome']).where('id', '=', stale.id).executeTakeFirstOrThrow();
    expect(skipped).toEqual({ status: 'skipped', outcome: 'the appointment moved' });

    await server.database.db.transaction().execute((trx) => cancelAppointmentJobs(trx, slot.id));
    const left = await server.database.db
      .selectFrom('scheduled_jobs')
      .select('id')
      .where('appointment_id', '=', slot.id)
      .where('status', '=', 'pending')
      .execute();
    expect(left).toHaveLength(0);
  });
});
