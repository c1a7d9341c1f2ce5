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

/** A day three weeks ahead, as the date input takes it (YYYY-MM-DD). */
function dayAhead(days = 21): string {
  return new Date(Date.now() + days * 86400000).toISOString().slice(0, 10);
}

describe('doctors and appointments journey', () => {
  it('a doctor adds a slot; a patient finds, reserves and rates; the doctor sees the patient', async () => {
    const unique = Date.now().toString(36);
    const doctor = { name: `Dr. Hoda Journey ${unique}`, email: `hoda.${unique}@example.test` };
    const patient = { name: `Omar Journey ${unique}`, email: `omar.${unique}@example.test`, id: '' };
    await registerAccount(portal, 'doctor', { ...doctor, specialization: 'Neurology', password: 'Hoda#2026pass' });
    patient.id = (await registerAccount(portal, 'patient', { ...patient, password: 'Omar#2026pass' })).id;
    const date = dayAhead();

    // The doctor publishes a slot from the settings tab.
    const doctorPage = await (await newContext(browser)).newPage();
    await loginThroughUi(doctorPage, portal, doctor.email, 'Hoda#2026pass');
    await doctorPage.goto(`${portal.url}/settings/appointments`);
    await doctorPage.getByText('You have not added any appointment yet.').waitFor();
    await doctorPage.getByRole('button', { name: 'Add Appointment' }).click();
    const addDialog = doctorPage.getByRole('dialog');
    await addDialog.getByLabel('Time *').fill('11:30');
    await addDialog.getByLabel('Date *').fill(date);
    await expectAccessible(doctorPage, 'add appointment');
    await screenshot(doctorPage, 'doctors-add-appointment');
    await addDialog.getByRole('button', { name: 'Save' }).click();
    await addDialog.getByText('Added Successfully').waitFor();
    await addDialog.waitFor({ state: 'detached', timeout: 5000 });
    await doctorPage
      .getByRole('row', { name: /11:30 AM/ })
      .getByText('Not Reserved')
      .waitFor();

    // The patient filters by department, opens the doctor and reserves the slot.
    const patientPage = await (await newContext(browser)).newPage();
    await loginThroughUi(patientPage, portal, patient.email, 'Omar#2026pass');
    await patientPage.goto(`${portal.url}/doctors`);
    await patientPage.getByRole('list', { name: 'All doctors' }).waitFor();
    await expectAccessible(patientPage, 'doctors');
    await screenshot(patientPage, 'doctors-list');
    await patientPage.getByRole('group', { name: 'Departments' }).getByRole('button', { name: 'Neurology' }).click();
    const neurology = patientPage.getByRole('list', { name: 'Neurology doctors' });
    await neurology.waitFor();
    // The list is named for the department as soon as it is chosen; its cards follow the server's answer.
    await expect.poll(() => neurology.getByRole('article').count(), { timeout: 10_000 }).toBe(4);
    await neurology.getByRole('link', { name: `View profile of ${doctor.name}` }).click();
    // His page's address carries his name as stored, without the title the page shows.
    await patientPage.waitForURL(`${portal.url}/doctor/${encodeURIComponent(doctor.name.replace(/^Dr\. /, ''))}`);
    const reserve = patientPage.getByRole('button', { name: /^Reserve .* at 11:30 AM$/ });
    await reserve.click();
    const reserveDialog = patientPage.getByRole('dialog');
    await reserveDialog.getByText('cancelling after 24 hours costs a 25% fee').waitFor();
    await expectAccessible(patientPage, 'reserve dialog');
    await screenshot(patientPage, 'doctors-reserve-dialog');
    await reserveDialog.getByRole('button', { name: 'Save' }).click();
    await reserveDialog.getByText('Reserved Successfully').waitFor();
    await reserveDialog.waitFor({ state: 'detached', timeout: 5000 });
    const chatLink = patientPage.getByRole('link', { name: `Chat with ${doctor.name}` });
    await chatLink.waitFor();
    expect(await chatLink.getAttribute('href')).toMatch(/^\/chat\?chat=[0-9a-f]{24}$/);

    // Another patient sees the slot as Reserved, not by whom, and cannot press it.
    const otherEmail = `other.${unique}@example.test`;
    await registerAccount(portal, 'patient', { email: otherEmail, password: 'Other#2026pass' });
    const otherLogin = await apiLogin(portal, otherEmail, 'Other#2026pass');
    const seenByOther = await api(portal, 'GET', `doctors/?name=${encodeURIComponent(doctor.name)}`, undefined, otherLogin.token);
    expect(seenByOther.body.doctor.availableDates).toEqual([expect.objectContaining({ reserved: true, patient: null, chat: null })]);

    // A reservation alone does not let her rate: only a visit whose time has passed does.
    await patientPage.getByRole('button', { name: 'Rate 4 out of 5' }).click();
    await patientPage.getByText(`You can rate ${doctor.name} after a visit`).waitFor();
    await patientPage.getByRole('button', { name: 'OK' }).click();
    await expectAccessible(patientPage, 'doctor page');
    await screenshot(patientPage, 'doctors-doctor-page');

    // The demo patient, who visited Dr. Ahmed Hassan, rates him.
    const visitedPage = await (await newContext(browser)).newPage();
    await loginThroughUi(visitedPage, portal, 'patient@clinic.test', 'Patient#2026');
    await visitedPage.goto(`${portal.url}/doctor/${encodeURIComponent('Dr. Ahmed Hassan')}`);
    await visitedPage.getByRole('button', { name: 'Rate 4 out of 5' }).click();
    await visitedPage.getByText('Submitted successfully').waitFor();
    await visitedPage.getByRole('button', { name: 'OK' }).click();
    await visitedPage.context().close();

    // The patient's own appointments tab lists the reservation with the doctor's department.
    await patientPage.goto(`${portal.url}/settings/appointments`);
    const patientRow = patientPage.getByRole('row', { name: /11:30 AM/ });
    await patientRow.getByRole('link', { name: doctor.name, exact: true }).waitFor();
    await patientRow.getByText('Neurology').waitFor();
    await screenshot(patientPage, 'doctors-patient-appointments');

    // The doctor sees the patient with history and chat links.
    await doctorPage.reload();
    const doctorRow = doctorPage.getByRole('row', { name: /11:30 AM/ });
    await doctorRow.getByText(patient.name).waitFor();
    expect(await doctorRow.getByRole('link', { name: `Medical history of ${patient.name}` }).getAttribute('href')).toBe(`/history/${patient.id}`);
    expect(await doctorRow.getByRole('link', { name: `Chat with ${patient.name}` }).getAttribute('href')).toBe(await chatLink.getAttribute('href'));
    await expectAccessible(doctorPage, 'doctor appointments');
    await screenshot(doctorPage, 'doctors-doctor-appointments');

    // The request form comes pre-filled and locked from the doctor's card.
    await patientPage.goto(`${portal.url}/appointment/request/${encodeURIComponent(doctor.name)}/Neurology`);
    await patientPage.getByLabel('Department *').waitFor();
    expect(await patientPage.getByLabel('Department *').inputValue()).toBe('Neurology');
    expect(await patientPage.getByLabel('Doctor *').isDisabled()).toBe(true);
    expect(await patientPage.getByLabel('Name *').inputValue()).toBe(patient.name);
    await expectAccessible(patientPage, 'request page');
    await screenshot(patientPage, 'doctors-request');
    await patientPage.getByLabel('Date *').fill(dayAhead(25));
    await patientPage.getByLabel('Time *').fill('10:00');
    await patientPage.getByRole('button', { name: 'Request Appointment' }).click();
    await patientPage.getByText('Appointment requested successfully').waitFor();

    await patientPage.context().close();
    await doctorPage.context().close();
  });

  it('asks a guest to log in when pressing Reserve', async () => {
    const page = await (await newContext(browser, 390, 844)).newPage();
    await page.goto(`${portal.url}/doctor/${encodeURIComponent('Dr. Laila Mansour')}`);
    const reserveButtons = page.getByRole('button', { name: /^Reserve / });
    await reserveButtons.first().waitFor();
    expect(await reserveButtons.count()).toBe(10);
    await page.getByRole('button', { name: /Show more appointments/ }).click();
    expect(await reserveButtons.count()).toBeGreaterThan(10);
    await expectAccessible(page, 'doctor page on a phone');
    await reserveButtons.first().click();
    await page.getByRole('dialog').getByText('Please log in as a patient to reserve an appointment').waitFor();
    await screenshot(page, 'doctors-guest-mobile');
    await page.getByRole('dialog').getByRole('link', { name: 'Login' }).click();
    await page.waitForURL(`${portal.url}/account/login`);
    await page.context().close();
  });
});
