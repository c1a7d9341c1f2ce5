import type { Page } from 'playwright-core';
import {
  api,
  apiLogin,
  closeJourney,
  demo,
  expectAccessible,
  expectFitsPhone,
  loginThroughUi,
  newContext,
  openJourney,
  phone,
  registerAccount,
  screenshot,
  type Portal,
  type JourneyBrowser,
} from './harness';

/**
 * Verified professionals in Chromium: a doctor signs up and waits for approval (not listed, no
 * slots), an administrator approves him in the console, a patient reserves, he reads her history,
 * she cancels, he is refused and she sees the refusal in "Who viewed my record".
 */
let portal: Portal;
let browser: JourneyBrowser;
const unique = Date.now().toString(36);
const doctor = { name: `Dr. Sherine Wahba`, email: `sherine.${unique}@example.test`, password: 'Sherine#2026pass' };
const storedName = 'Sherine Wahba';

beforeAll(async () => ({ portal, browser } = await openJourney()));
afterAll(() => closeJourney({ portal, browser }));

async function adminPage(width?: number): Promise<Page> {
  const page = await (await newContext(browser, width)).newPage();
  await loginThroughUi(page, portal, demo.admin.email, demo.admin.password);
  return page;
}

describe('verified professionals', () => {
  let doctorId = '';

  it('a doctor signs up with his licence and waits for approval: not listed, no slots', async () => {
    const page = await (await newContext(browser)).newPage();
    await page.goto(`${portal.url}/account/doctor`);
    await page.getByRole('button', { name: 'Create account' }).waitFor();
    const fields: Record<string, string> = {
      'Full name': doctor.name,
      Username: `sherine_${unique}`,
      Email: doctor.email,
      Password: doctor.password,
      'Licence number': 'EMS-77120',
    };
    for (const [label, value] of Object.entries(fields)) await page.getByLabel(new RegExp(`^${label}`)).fill(value);
    await page.getByLabel('Specialization').selectOption('Neurology');
    await page.getByLabel('Country').selectOption('Egypt');
    await page.getByLabel('Government').selectOption('Cairo');
    // An administrator approves only once the licence document is on file too.
    await page.getByLabel(/^Licence document/).setInputFiles({ name: 'licence.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') });
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText(/The clinic checks your licence before your account is listed/).waitFor();

    await loginThroughUi(page, portal, doctor.email, doctor.password);
    await page.getByText('Your account is awaiting approval').waitFor();
    await expectAccessible(page, 'awaiting approval');
    await screenshot(page, 'admin-awaiting-approval');
    const session = await apiLogin(portal, doctor.email, doctor.password);
    doctorId = session.user._id;
    expect(session.user.status).toBe('pending');
    expect(JSON.stringify((await api(portal, 'GET', 'doctors')).body)).not.toContain(doctorId);
    const slot = await api(portal, 'POST', 'appointment', { date: `${new Date().getUTCFullYear() + 1}-01-20`, time: '10:00' }, session.token);
    expect(slot.status).toBe(403);
    await page.context().close();
  });

  it('the administrator approves him in the console; every console page is accessible', async () => {
    const page = await adminPage();
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('link', { name: 'Admin console' }).click();
    await page.waitForURL(`${portal.url}/admin`);
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    const nav = page.getByRole('navigation', { name: 'Admin console' });
    await page.locator('canvas').waitFor();
    // The open tab wears the portal's blue, as the settings' side menu does.
    expect(await nav.getByRole('link', { name: 'Dashboard' }).evaluate((tab) => getComputedStyle(tab).backgroundColor)).toBe('rgb(31, 111, 178)');
    // The chart draws in the portal's blue and teal (its legend's boxes at least), never Bootstrap's default blue.
    const chartColours = () =>
      page.evaluate(() => {
        const canvas = document.querySelector('canvas');
        const pixels = canvas?.getContext('2d')?.getImageData(0, 0, canvas.width, canvas.height).data ?? [];
        const count = { portalBlue: 0, portalTeal: 0, bootstrapBlue: 0 };
        for (let i = 0; i < pixels.length; i += 4) {
          const rgb = `${pixels[i]},${pixels[i + 1]},${pixels[i + 2]}`;
          if (rgb === '31,111,178') count.portalBlue += 1;
          else if (rgb === '29,143,134') count.portalTeal += 1;
          else if (rgb === '13,110,253') count.bootstrapBlue += 1;
        }
        return { drawsPortalColours: count.portalBlue > 0 && count.portalTeal > 0, bootstrapBlue: count.bootstrapBlue };
      });
    await expect.poll(chartColours, { timeout: 10_000 }).toEqual({ drawsPortalColours: true, bootstrapBlue: 0 });
    await expectAccessible(page, 'admin dashboard');
    await screenshot(page, 'admin-dashboard');

    await nav.getByRole('link', { name: 'Applications' }).click();
    await page.getByRole('heading', { name: doctor.name }).waitFor();
    await expectAccessible(page, 'admin applications');
    await page.getByRole('button', { name: `Approve ${doctor.name}` }).click();
    // The server's answer and the audit name the account as stored (without the title the screens add).
    await page.getByText(`${storedName} is approved`).waitFor();

    await nav.getByRole('link', { name: 'Users' }).click();
    await page.getByLabel('Search users by name, email or username').fill(doctor.email);
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('cell', { name: doctor.email }).waitFor();
    await expectAccessible(page, 'admin users');

    await nav.getByRole('link', { name: 'Articles and products' }).click();
    await page.getByRole('heading', { name: 'Products' }).waitFor();
    await page
      .getByRole('button', { name: /^Unpublish / })
      .first()
      .waitFor();
    await expectAccessible(page, 'admin content');

    await nav.getByRole('link', { name: 'Audit log' }).click();
    await page.getByRole('cell', { name: `Approved ${storedName} (doctor)` }).waitFor();
    await expectAccessible(page, 'admin audit');
    await page.context().close();

    // Listed now, on the public doctors page.
    const visitor = await (await newContext(browser)).newPage();
    // A new doctor with no slots is listed after those with free slots, so he is found by name.
    await visitor.goto(`${portal.url}/doctors?q=${encodeURIComponent(doctor.name)}`);
    await visitor.getByText(doctor.name).first().waitFor();
    await visitor.context().close();
  });

  it('works at 390 px on a phone', async () => {
    const page = await adminPage(390);
    await page.goto(`${portal.url}/admin/applications`);
    await page.getByRole('heading', { name: 'Applications' }).waitFor();
    await expectAccessible(page, 'admin at 390 px');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.context().close();
  });

  it('a patient reserves, he reads her history; she cancels, he is refused and she sees it in her log', async () => {
    const patient = (await registerAccount(portal, 'patient', { name: 'Rasha Nabil' })) as { id: string; email: string; password: string };
    const doctorToken = (await apiLogin(portal, doctor.email, doctor.password)).token;
    const patientToken = (await apiLogin(portal, patient.email, patient.password)).token;
    const slot = await api(portal, 'POST', 'appointment', { date: `${new Date().getUTCFullYear() + 1}-01-20`, time: '10:00' }, doctorToken);
    expect(slot.status, JSON.stringify(slot.body)).toBe(200);
    const slotId = slot.body.appointment._id;
    expect((await api(portal, 'POST', `appointment/reserve/?appointment=${slotId}&receiver=${doctorId}`, {}, patientToken)).status).toBe(200);
    expect((await api(portal, 'GET', `history/?patient=${patient.id}`, undefined, doctorToken)).status).toBe(200);
    expect((await api(portal, 'DELETE', `appointment/cancel/?appointment=${slotId}`, undefined, patientToken)).status).toBe(200);
    const refused = await api(portal, 'GET', `history/?patient=${patient.id}`, undefined, doctorToken);
    expect(refused.status).toBe(403);

    const page = await (await newContext(browser)).newPage();
    await loginThroughUi(page, portal, patient.email, patient.password);
    await page.goto(`${portal.url}/history/${patient.id}`);
    const log = page.locator('section.history-log');
    await log.getByRole('heading', { name: 'Who viewed my record' }).waitFor();
    const row = log.getByRole('row').filter({ hasText: doctor.name });
    await row.filter({ hasText: 'Refused' }).first().waitFor();
    await row.filter({ hasText: 'Allowed' }).filter({ hasText: 'Holds an upcoming appointment with her' }).first().waitFor();
    await expectAccessible(page, 'history log');
    await screenshot(page, 'admin-history-log');
    // On her phone each entry is a card: nothing of the log is beside the screen.
    await page.setViewportSize(phone);
    await expectFitsPhone(page, 'history log on a phone');
    await page.context().close();
  });

  it('his change of name waits for the console: his settings say so, the administrator approves it', async () => {
    // Names are stored without the title the sign-up form may carry; screens add it.
    const stored = doctor.name.replace(/^Dr\.?\s+/, '');
    const renamed = `${stored} Nassar`;
    const page = await (await newContext(browser)).newPage();
    await loginThroughUi(page, portal, doctor.email, doctor.password);
    await page.goto(`${portal.url}/settings/profile`);
    await page.getByLabel('Full name').fill(renamed);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText(/awaits the clinic’s review/).waitFor();
    await page.getByText(`Name: ${renamed}`).waitFor();
    await expectAccessible(page, 'settings with a change awaiting review');
    await page.context().close();
    expect(JSON.stringify((await api(portal, 'GET', `doctors?q=${encodeURIComponent(renamed)}`)).body)).not.toContain(renamed);

    const admin = await adminPage();
    await admin.goto(`${portal.url}/admin/changes`);
    await admin.getByRole('heading', { name: 'Profile changes awaiting review' }).waitFor();
    await admin.getByRole('row', { name: new RegExp(`Name.*${renamed}`) }).waitFor();
    await expectAccessible(admin, 'admin profile changes');
    await screenshot(admin, 'admin-profile-changes');
    await admin.getByRole('button', { name: new RegExp(`^Approve the change of (Dr\\. )?${stored}$`) }).click();
    await admin.getByText(`${renamed}'s change is approved`).waitFor();
    await admin.getByText('No profile change is waiting for review.').waitFor();
    await admin.context().close();
    expect(JSON.stringify((await api(portal, 'GET', `doctors?q=${encodeURIComponent(renamed)}`)).body)).toContain(renamed);
  });
});
