import { text } from 'node:stream/consumers';
import {
  api,
  apiLogin,
  closeJourney,
  loginThroughUi,
  moveAppointmentInTab,
  newContext,
  openJourney,
  type Portal,
  registerAccount,
  type JourneyBrowser,
} from './harness';

let portal: Portal;
let browser: JourneyBrowser;
beforeAll(async () => ({ portal, browser } = await openJourney()));
afterAll(() => closeJourney({ portal, browser }));

const dayAhead = (days: number) => new Date(Date.now() + days * 86400000).toISOString().slice(0, 10);

describe('calendar, moving, a doctor cancelling and the waiting list', () => {
  it('a patient books, downloads the calendar file, moves it; the doctor cancels another with a reason and she reads it', async () => {
    const unique = Date.now().toString(36);
    const doctor = { name: `Dr. Rana Calendar ${unique}`, email: `rana.${unique}@example.test`, password: 'Rana#2026pass' };
    const patient = { name: `Laila Calendar ${unique}`, email: `laila.${unique}@example.test`, password: 'Laila#2026pass' };
    await registerAccount(portal, 'doctor', { ...doctor, specialization: 'Eye' });
    await registerAccount(portal, 'patient', patient);
    const doctorLogin = await apiLogin(portal, doctor.email, doctor.password);
    const slots: Record<string, string> = {};
    for (const [key, date, time] of [
      ['first', dayAhead(3), '10:00'],
      ['later', dayAhead(4), '11:00'],
      ['other', dayAhead(5), '09:00'],
    ]) {
      const added = await api(portal, 'POST', 'appointment', { date, time }, doctorLogin.token);
      expect(added.status).toBe(200);
      slots[key] = added.body.appointment._id;
    }

    // She reserves on the doctor's page.
    const patientPage = await (await newContext(browser)).newPage();
    await loginThroughUi(patientPage, portal, patient.email, patient.password);
    await patientPage.goto(`${portal.url}/doctor/${encodeURIComponent(doctor.name)}`);
    await patientPage.getByRole('button', { name: /^Reserve .* at 10:00 AM$/ }).click();
    const reserveDialog = patientPage.getByRole('dialog');
    await reserveDialog.getByRole('button', { name: 'Save' }).click();
    await reserveDialog.getByText('Reserved Successfully').waitFor();

    // Add to calendar: the browser receives appointment.ics with the event.
    await patientPage.goto(`${portal.url}/settings/appointments`);
    const row = patientPage.getByRole('row', { name: /10:00 AM/ });
    const [download] = await Promise.all([patientPage.waitForEvent('download'), row.getByRole('button', { name: /^Add to calendar/ }).click()]);
    expect(download.suggestedFilename()).toBe('appointment.ics');
    const file = await text(await download.createReadStream());
    expect(file).toContain('BEGIN:VEVENT');
    expect(file).toContain('X-WR-TIMEZONE:Africa/Cairo');
    const uid = /^UID:(.*)$/m.exec(file)?.[1];
    expect(uid).toBeTruthy();

    // She moves it to the later time.
    await moveAppointmentInTab(patientPage, '10:00 AM', '11:00 AM');

    // She holds another time; the doctor cancels it with a reason from his appointments tab.
    const patientLogin = await apiLogin(portal, patient.email, patient.password);
    expect((await api(portal, 'POST', `appointment/reserve/?appointment=${slots.other}&receiver=${doctorLogin.user._id}`, {}, patientLogin.token)).status).toBe(
      200,
    );
    const doctorPage = await (await newContext(browser)).newPage();
    await loginThroughUi(doctorPage, portal, doctor.email, doctor.password);
    await doctorPage.goto(`${portal.url}/settings/appointments`);
    await doctorPage.getByRole('button', { name: /^Delete the appointment on .* at 9:00 AM$/ }).click();
    const deleteDialog = doctorPage.getByRole('dialog');
    await deleteDialog.getByLabel('Reason for cancelling (the patient reads it)').fill('The eye unit is closed for maintenance');
    await deleteDialog.getByRole('button', { name: 'delete' }).click();
    await deleteDialog.getByText('Deleted Successfully').waitFor();

    // She reads the reason and the doctor's next free time in their chat.
    await patientPage.goto(`${portal.url}/chat`);
    await patientPage
      .getByText(/The eye unit is closed for maintenance/)
      .first()
      .waitFor({ timeout: 15_000 });
    // The moved appointment's calendar file keeps its UID.
    const moved = await fetch(`${portal.url}/api/appointment/${slots.later}/calendar.ics`, { headers: { authorization: patientLogin.token } });
    expect(await moved.text()).toContain(`UID:${uid}`);
  });

  it('a waitlisted patient is offered a freed time and reserves it from the offer link', async () => {
    const unique = Date.now().toString(36);
    const doctor = { name: `Dr. Samir Waitlist ${unique}`, email: `samir.${unique}@example.test`, password: 'Samir#2026pass' };
    const patient = { name: `Yara Waitlist ${unique}`, email: `yara.${unique}@example.test`, password: 'Yara#2026pass' };
    await registerAccount(portal, 'doctor', { ...doctor, specialization: 'Eye' });
    await registerAccount(portal, 'patient', patient);
    const page = await (await newContext(browser, 390, 844)).newPage();
    await loginThroughUi(page, portal, patient.email, patient.password);
    await page.goto(`${portal.url}/doctor/${encodeURIComponent(doctor.name)}`);
    await page.getByRole('button', { name: 'Join the waiting list' }).click();
    await page.getByText(/You are number 1 on/).waitFor();

    const doctorLogin = await apiLogin(portal, doctor.email, doctor.password);
    const added = await api(portal, 'POST', 'appointment', { date: dayAhead(2), time: '13:00' }, doctorLogin.token);
    expect(added.status).toBe(200);
    await page.goto(`${portal.url}/doctor/${encodeURIComponent(doctor.name)}?offer=${added.body.appointment._id}`);
    await page.getByText(/is held for you until/).waitFor();
    await page.getByRole('button', { name: 'Reserve it now' }).click();
    await page.getByText('Reserved Successfully').waitFor();
  });
});
