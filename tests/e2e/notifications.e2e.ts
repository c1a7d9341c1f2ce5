import {
  api,
  apiLogin,
  closeJourney,
  expectAccessible,
  loginThroughUi,
  newContext,
  openJourney,
  type Portal,
  registerAccount,
  screenshot,
  type JourneyBrowser,
} from './harness';

/**
 * The bell: a doctor, on a phone-sized screen, watches the unread count on his bell rise the moment
 * a patient books one of his slots in another browser, opens the panel and follows the notification.
 */
let portal: Portal;
let browser: JourneyBrowser;
beforeAll(async () => ({ portal, browser } = await openJourney()));
afterAll(() => closeJourney({ portal, browser }));

const dayAhead = (days: number) => new Date(Date.now() + days * 86400000).toISOString().slice(0, 10);

describe('notifications journey', () => {
  it('a doctor sees the bell count rise as a patient books, and opens the booking from it', async () => {
    const unique = Date.now().toString(36);
    const doctor = { name: `Dr. Bell Journey ${unique}`, email: `bell.${unique}@example.test`, password: 'Bell#2026pass' };
    const patient = { name: `Mona Bell ${unique}`, email: `mona.${unique}@example.test`, password: 'Mona#2026pass' };
    await registerAccount(portal, 'doctor', { ...doctor, specialization: 'Neurology' });
    await registerAccount(portal, 'patient', patient);
    const { token } = await apiLogin(portal, doctor.email, doctor.password);
    expect((await api(portal, 'POST', 'appointment', { date: dayAhead(9), time: '11:30' }, token)).status).toBe(200);
    // He has read the news of his approval already.
    const read = await fetch(`${portal.url}/api/notifications/read`, {
      method: 'POST',
      headers: { authorization: token, 'content-type': 'application/json' },
      body: JSON.stringify({ all: true }),
    });
    expect(read.status).toBe(200);

    const doctorPage = await (await newContext(browser, 390, 844)).newPage();
    await loginThroughUi(doctorPage, portal, doctor.email, doctor.password);
    await doctorPage.getByRole('button', { name: 'Notifications', exact: true }).waitFor();

    const patientPage = await (await newContext(browser)).newPage();
    await loginThroughUi(patientPage, portal, patient.email, patient.password);
    await patientPage.goto(`${portal.url}/doctor/${encodeURIComponent(doctor.name)}`);
    await patientPage.getByRole('button', { name: /^Reserve .* at 11:30 AM$/ }).click();
    const dialog = patientPage.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Reserved Successfully').waitFor();

    // Without reloading, the doctor's bell says so.
    const bell = doctorPage.getByRole('button', { name: 'Notifications, 1 unread' });
    await bell.waitFor({ timeout: 10_000 });
    await bell.click();
    const item = doctorPage.getByRole('link', { name: new RegExp(`${patient.name} reserved your appointment on ${dayAhead(9)} at 11:30`) });
    await item.waitFor();
    await expectAccessible(doctorPage, 'notification panel at 390 px');
    await screenshot(doctorPage, 'notifications-bell-panel-390');
    // The panel fits the phone's width.
    const box = await doctorPage.locator('.notification-bell .dropdown-menu').boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
    await item.click();
    await doctorPage.waitForURL(`${portal.url}/settings/appointments`);
    await doctorPage.getByRole('button', { name: 'Notifications', exact: true }).waitFor();
  });
});
