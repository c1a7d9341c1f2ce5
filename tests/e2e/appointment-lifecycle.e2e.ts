import type { Page } from 'playwright-core';
import { attachedCalendar, rawMailsTo, readOutbox } from '../server/outbox';
import {
  api,
  apiLogin,
  expectAccessible,
  journeyBrowser,
  loginThroughUi,
  moveAppointmentInTab,
  newContext,
  registerAccount,
  sqlOn,
  startPortal,
  waitForMail,
  type Portal,
  type JourneyBrowser,
} from './harness';

/**
 * Nobody misses an appointment, end to end with the embedded outbox: a patient books and gets the
 * confirmation with its calendar file, gets the 24-hour and the 2-hour reminder once each, moves the
 * appointment within the rules (and is told why she cannot move one inside the cutoff), and a patient
 * on the waiting list is offered the time that freed up and takes it from the mail's link.
 *
 * With DATABASE_URL and REDIS_URL set it runs on two instances sharing the database, Redis and the
 * data directory (the outbox): the patients and the doctor use different instances and both
 * instances poll the jobs every second, so a reminder sent twice would show.
 */
const twoInstances = Boolean(process.env.DATABASE_URL && process.env.REDIS_URL);
const env = { JOBS_POLL_SECONDS: '1' };
let a: Portal;
let b: Portal;
let browser: JourneyBrowser;
/** What the steps pass on to the next (they run in order, as one story). */
const lifecycle = {} as { patient: { name: string; email: string; password: string; id: string } };

beforeAll(async () => {
  a = await startPortal({ env });
  b = twoInstances ? await startPortal({ env, shareWith: a }) : a;
  browser = await journeyBrowser();
});

afterAll(async () => {
  await browser?.close();
  if (b !== a) await b?.dispose();
  await a?.dispose();
});

const dayAhead = (days: number) => new Date(Date.now() + days * 86400000).toISOString().slice(0, 10);

/** The clinic's date and time (Africa/Cairo) `hours` from now, as a doctor types them for a slot. */
function clinicTimeIn(hours: number) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: 'Africa/Cairo',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(Date.now() + hours * 3600000))
      .map((p) => [p.type, p.value]),
  );
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

/** A patient with a verified address (notifications are emailed to verified addresses only). */
async function verifiedPatient(portal: Portal, name: string) {
  const unique = Math.random().toString(36).slice(2, 8);
  const person = { name: `${name} ${unique}`, email: `${name.split(' ')[0]?.toLowerCase()}.${unique}@example.test`, password: 'Journey#2026pass' };
  const { id } = await registerAccount(portal, 'patient', person);
  const mail = await waitForMail(portal, person.email, 'Verify your email');
  expect((await api(portal, 'POST', 'auth/email/verify', { token: mail.token ?? '' })).status).toBe(200);
  return { ...person, id };
}

async function signedInPage(portal: Portal, email: string, password: string, width = 1280, height = 900): Promise<Page> {
  const page = await (await newContext(browser, width, height)).newPage();
  await loginThroughUi(page, portal, email, password);
  return page;
}

const remindersTo = (email: string) =>
  readOutbox(a.dataDir)
    .filter((m) => m.to === email && m.subject.startsWith('Reminder:'))
    .map((m) => m.subject);

describe(`an appointment from booking to the waiting list (${twoInstances ? 'two instances on PostgreSQL + Redis' : 'one instance'})`, () => {
  const unique = Date.now().toString(36);
  const doctor = { name: `Dr. Huda Lifecycle ${unique}`, email: `huda.${unique}@example.test`, password: 'Huda#2026pass', id: '', token: '' };
  const slots: Record<'first' | 'later' | 'soon', string> = { first: '', later: '', soon: '' };
  let uid = '';

  it('she books on the doctor’s page and the confirmation mail carries the calendar file', async () => {
    doctor.id = (await registerAccount(a, 'doctor', { ...doctor, specialization: 'Eye' })).id;
    doctor.token = (await apiLogin(b, doctor.email, doctor.password)).token;
    const soon = clinicTimeIn(3);
    for (const [key, date, time] of [
      ['first', dayAhead(3), '10:00'],
      ['later', dayAhead(3), '13:00'],
      ['soon', soon.date, soon.time],
    ] as const) {
      const added = await api(b, 'POST', 'appointment', { date, time }, doctor.token);
      expect(added.status, JSON.stringify(added.body)).toBe(200);
      slots[key] = added.body.appointment._id;
    }
    const patient = await verifiedPatient(a, 'Nadia Lifecycle');
    Object.assign(lifecycle, { patient });

    const page = await signedInPage(a, patient.email, patient.password);
    await page.goto(`${a.url}/doctor/${encodeURIComponent(doctor.name)}`);
    await page.getByRole('button', { name: /^Reserve .* at 10:00 AM$/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Reserved Successfully').waitFor();
    await page.context().close();

    await waitForMail(a, patient.email, 'Your appointment is reserved');
    const calendar = attachedCalendar(rawMailsTo(a.dataDir, patient.email, 'Your appointment is reserved').at(-1) as string) ?? '';
    expect(calendar).toContain('BEGIN:VEVENT');
    expect(calendar).toContain('X-WR-TIMEZONE:Africa/Cairo');
    uid = /^UID:(.*)$/m.exec(calendar)?.[1]?.trim() ?? '';
    expect(uid).not.toBe('');
  });

  it('she gets the 24-hour and the 2-hour reminder once each, in the bell and by mail', async () => {
    const { patient } = lifecycle;
    const page = await signedInPage(a, patient.email, patient.password, 390, 844);
    await page.getByRole('button', { name: /^Notifications/ }).waitFor();
    for (const [kind, ahead] of [
      ['reminder_24h', 'tomorrow'],
      ['reminder_2h', 'in 2 hours'],
    ] as const) {
      // Instead of waiting a day, the job's time is brought forward; the instances' pollers do the rest.
      await sqlOn(a, "update scheduled_jobs set run_at = ? where appointment_id = ? and kind = ? and status = 'pending'", [
        new Date(Date.now() - 1000).toISOString(),
        slots.first,
        kind,
      ]);
      const title = `Reminder: your appointment with ${doctor.name} is ${ahead}`;
      await waitForMail(a, patient.email, title);
      // It reaches her open page over the socket, whichever instance sent it.
      await page.getByRole('button', { name: /^Notifications, \d+ unread$/ }).click();
      await page.getByRole('link', { name: new RegExp(title) }).waitFor({ timeout: 10_000 });
      await page.keyboard.press('Escape');
    }
    await expectAccessible(page, 'bell with reminders at 390 px');
    // Several more polling rounds on every instance send nothing again.
    await new Promise((r) => setTimeout(r, 4000));
    expect(remindersTo(patient.email).sort()).toEqual([expect.stringMatching(/is in 2 hours/), expect.stringMatching(/is tomorrow/)]);
    const { token } = await apiLogin(b, patient.email, patient.password);
    const bell = await api(b, 'GET', 'notifications', undefined, token);
    expect(bell.body.notifications.filter((n: { title: string }) => n.title.startsWith('Reminder:'))).toHaveLength(2);
    await page.context().close();
  });

  it('she moves it to a later time of the same doctor, gets the updated calendar file, and is told why one inside the cutoff cannot move', async () => {
    const { patient } = lifecycle;
    const { token } = await apiLogin(b, patient.email, patient.password);
    expect((await api(b, 'POST', `appointment/reserve/?appointment=${slots.soon}&receiver=${doctor.id}`, {}, token)).status).toBe(200);

    const page = await signedInPage(a, patient.email, patient.password);
    await page.goto(`${a.url}/settings/appointments`);
    await moveAppointmentInTab(page, '10:00 AM', '1:00 PM');

    await waitForMail(a, patient.email, 'Your appointment was moved');
    const calendar = attachedCalendar(rawMailsTo(a.dataDir, patient.email, 'Your appointment was moved').at(-1) as string) ?? '';
    expect(calendar).toContain(`UID:${uid}`);
    expect(calendar).toMatch(/^SEQUENCE:1/m);

    // The appointment three hours away is inside the 12-hour cutoff: the buttons say why they are off.
    const soonRow = page.getByRole('row').filter({ has: page.getByRole('button', { name: /^Move the appointment/, disabled: true }) });
    await soonRow.getByText('Cancelling and moving close 12 hours before the appointment; please call the clinic.').waitFor();
    await expectAccessible(page, 'appointments with one inside the cutoff');
    const refused = await api(b, 'POST', `appointment/${slots.soon}/reschedule`, { to: slots.first }, token);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('Appointments can be moved until 12 hours before they start; please call the clinic');
    await page.context().close();
  });

  it('a patient on the waiting list is offered the freed time by mail and reserves it from the link', async () => {
    // The freed 10:00 goes to another patient, so the doctor has no free time and a waiting list opens.
    const other = await verifiedPatient(b, 'Samia Other');
    const otherToken = (await apiLogin(b, other.email, other.password)).token;
    expect((await api(b, 'POST', `appointment/reserve/?appointment=${slots.first}&receiver=${doctor.id}`, {}, otherToken)).status).toBe(200);

    const waiting = await verifiedPatient(b, 'Reem Waiting');
    const page = await signedInPage(b, waiting.email, waiting.password, 390, 844);
    await page.goto(`${b.url}/doctor/${encodeURIComponent(doctor.name)}`);
    await page.getByRole('button', { name: 'Join the waiting list' }).click();
    await page.getByText(/You are number 1 on/).waitFor();

    // The other patient cancels through the other instance: the first waiting patient is offered it.
    expect((await api(a, 'DELETE', `appointment/cancel?appointment=${slots.first}`, {}, otherToken)).status).toBe(200);
    const offer = await waitForMail(a, waiting.email, 'A time has freed up for you');
    const link = /(https?:\/\/\S+\?offer=[A-Za-z0-9_-]+)/.exec(offer.text)?.[1];
    expect(link, offer.text).toBeDefined();
    const target = new URL(link as string);
    await page.goto(`${b.url}${target.pathname}${target.search}`);
    await page.getByText(/is held for you until/).waitFor();
    await page.getByRole('button', { name: 'Reserve it now' }).click();
    await page.getByText('Reserved Successfully').waitFor();
    await expectAccessible(page, 'waiting-list offer taken at 390 px');
    await page.context().close();

    const held = await api(a, 'GET', 'appointment', undefined, (await apiLogin(a, waiting.email, waiting.password)).token);
    expect(held.body.appointments.map((s: { _id: string }) => s._id)).toContain(slots.first);
  });
});
