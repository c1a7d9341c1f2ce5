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

let portal: Portal;
let browser: JourneyBrowser;
beforeAll(async () => ({ portal, browser } = await openJourney()));
afterAll(() => closeJourney({ portal, browser }));

const dayAhead = (days: number) => new Date(Date.now() + days * 86400000).toISOString().slice(0, 10);

describe('appointment requests that reach someone', () => {
  it('a request is stored, seen by the doctor, accepted into a slot; another is declined with a reason the patient reads', async () => {
    const unique = Date.now().toString(36);
    const doctor = { name: `Dr. Request Journey ${unique}`, email: `request.doctor.${unique}@example.test` };
    const patient = { name: `Salma Request ${unique}`, email: `salma.${unique}@example.test` };
    await registerAccount(portal, 'doctor', { ...doctor, specialization: 'Eye', password: 'Eye#2026pass' });
    await registerAccount(portal, 'patient', { ...patient, password: 'Salma#2026pass' });
    const doctorLogin = await apiLogin(portal, doctor.email, 'Eye#2026pass');
    const slot = await api(portal, 'POST', 'appointment', { date: dayAhead(9), time: '13:30' }, doctorLogin.token);
    expect(slot.status).toBe(200);

    // The patient sends an incomplete form: the server's message, not a success.
    const patientPage = await (await newContext(browser)).newPage();
    await loginThroughUi(patientPage, portal, patient.email, 'Salma#2026pass');
    await patientPage.goto(`${portal.url}/appointment/request/${encodeURIComponent(doctor.name)}/Eye`);
    await patientPage.getByLabel('Date *').waitFor();
    // Where the popup's code cannot be downloaded (a dropped connection), the answer is shown all the
    // same, in the browser's own dialog.
    const popupCode = /\/assets\/sweetalert2[^/]*\.js$/;
    await patientPage.route(popupCode, (route) => route.abort());
    const nativeAlert = patientPage.waitForEvent('dialog');
    await patientPage.getByRole('button', { name: 'Request Appointment' }).click();
    const alerted = await nativeAlert;
    expect(alerted.message()).toContain('Please choose the day you would like to come');
    await alerted.accept();
    await patientPage.unroute(popupCode);
    await patientPage.reload();
    await patientPage.getByLabel('Date *').waitFor();
    await patientPage.getByRole('button', { name: 'Request Appointment' }).click();
    await patientPage.getByText('Please choose the day you would like to come').waitFor();
    expect(await patientPage.getByText('Appointment requested successfully').count()).toBe(0);
    await patientPage.getByRole('button', { name: 'OK' }).click();

    // Complete, it is stored, and only then confirmed.
    await patientPage.getByLabel('Date *').fill(dayAhead(8));
    await patientPage.getByLabel('Time *').fill('12:00');
    await patientPage.getByLabel('Reason for the visit').fill('Blurred vision when reading');
    await patientPage.getByRole('button', { name: 'Request Appointment' }).click();
    await patientPage.getByText('Appointment requested successfully').waitFor();
    await patientPage.getByRole('button', { name: 'OK' }).click();

    // The doctor sees it in the requests list and accepts it into his free slot.
    const doctorPage = await (await newContext(browser)).newPage();
    await loginThroughUi(doctorPage, portal, doctor.email, 'Eye#2026pass');
    await doctorPage.goto(`${portal.url}/settings/appointments`);
    const requests = doctorPage.getByRole('region', { name: 'Appointment requests' });
    await requests.getByText('Blurred vision when reading', { exact: false }).waitFor();
    await expectAccessible(doctorPage, 'doctor requests');
    await requests.getByRole('button', { name: `Accept the request from ${patient.name}` }).click();
    const dialog = doctorPage.getByRole('dialog');
    const choice = dialog.getByLabel('Free slot');
    await choice.locator('option', { hasText: '1:30 PM' }).waitFor({ state: 'attached' });
    await choice.selectOption({ index: 1 });
    await expectAccessible(doctorPage, 'accept dialog');
    await screenshot(doctorPage, 'requests-accept');
    await dialog.getByRole('button', { name: 'Reserve this slot' }).click();
    // Confirmed by a toast, which needs no dismissing: the table behind is usable at once.
    await doctorPage
      .getByRole('status')
      .getByText(`${patient.name} has the appointment on ${dayAhead(9)} at 13:30`)
      .waitFor();
    await doctorPage
      .getByRole('row', { name: /1:30 PM/ })
      .getByText(patient.name)
      .waitFor();

    // A second request, declined with a reason.
    const second = await api(
      portal,
      'POST',
      'appointment/requests',
      { doctor: doctor.name, phone: '01001234567', date: dayAhead(20), time: '09:00' },
      (await apiLogin(portal, patient.email, 'Salma#2026pass')).token,
    );
    expect(second.status).toBe(200);
    await doctorPage.reload();
    await requests.getByRole('button', { name: `Decline the request from ${patient.name}` }).click();
    await dialog.getByLabel('Reason the patient will see').fill('I am at a conference that week; please choose another week');
    await dialog.getByRole('button', { name: 'Decline request' }).click();
    await doctorPage.getByText(`The request from ${patient.name} was declined`).waitFor();

    // The patient sees both outcomes and the reserved slot.
    await patientPage.goto(`${portal.url}/settings/appointments`);
    const mine = patientPage.getByRole('region', { name: 'My appointment requests' });
    await mine.getByText('Accepted').waitFor();
    await mine.getByText('Reason: I am at a conference that week; please choose another week').waitFor();
    await patientPage
      .getByRole('row', { name: /1:30 PM/ })
      .getByText(doctor.name)
      .waitFor();
    await expectAccessible(patientPage, 'patient requests');
    await screenshot(patientPage, 'requests-patient');

    await patientPage.context().close();
    await doctorPage.context().close();
  });
});

describe('doctor search', () => {
  it('finds a doctor by name with a typo, shows his next slot, and keeps the search through reload and Back', async () => {
    const page = await (await newContext(browser, 390, 844)).newPage();
    await page.goto(`${portal.url}/doctors`);
    await page.getByRole('list', { name: 'All doctors' }).waitFor();
    await page.getByLabel('Search by name or specialty').fill('ahmd hasan');
    await page.getByLabel('Search by name or specialty').press('Enter');
    await page.waitForURL(/\/doctors\?q=ahmd\+hasan$/);
    await page.getByText('1 doctor found').waitFor();
    const card = page.getByRole('article');
    await card.getByRole('link', { name: 'Dr. Ahmed Hassan', exact: true }).waitFor();
    expect(await card.locator('p', { hasText: 'Next free slot:' }).textContent()).toMatch(/Next free slot: \w{3},? \d{1,2} \w{3},? \d{1,2}:\d{2}\s?[ap]m/i);
    expect(await card.locator('p', { hasText: 'Fee:' }).textContent()).toMatch(/Fee: \$\d+\.\d{2}/);
    await expectAccessible(page, 'doctor search on a phone');
    await screenshot(page, 'doctors-search-mobile');

    await page.getByLabel('Sort by').selectOption('name');
    await page.waitForURL(/q=ahmd\+hasan&sort=name/);
    await page.reload();
    await page.getByText('1 doctor found').waitFor();
    expect(await page.getByLabel('Search by name or specialty').inputValue()).toBe('ahmd hasan');
    expect(await page.getByLabel('Sort by').inputValue()).toBe('name');

    await page.goBack();
    await page.waitForURL(/\/doctors\?q=ahmd\+hasan$/);
    expect(await page.getByLabel('Sort by').inputValue()).toBe('nextSlot');
    await page.goBack();
    await page.waitForURL(/\/doctors$/);
    // Every listed doctor again (the seeded ones and the one the journey above registered).
    await page.getByText(/^\d{2,} doctors found$/).waitFor();
    expect(await page.getByLabel('Search by name or specialty').inputValue()).toBe('');
    await page.context().close();
  });
});
