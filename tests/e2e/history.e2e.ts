import { rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import {
  api,
  apiLogin,
  expectAccessible,
  journeyBrowser,
  loginThroughUi,
  newContext,
  registerAccount,
  screenshot,
  startPortal,
  type Portal,
  type JourneyBrowser,
} from './harness';

let portal: Portal;
let browser: JourneyBrowser;
/** registerAccount returns every signup field; these are the ones the journey uses. */
type Account = { id: string; name: string; email: string; password: string };
let owner: Account;
let firstDoctor: Account;
let secondDoctor: Account;
let otherPatient: Account;

/** A lab report image (a PNG Chromium renders), uploaded as the test result. */
const pngPath = path.join(os.tmpdir(), `history-result-${process.pid}.png`);

/** A doctor publishes a slot next January and the owner reserves it, as the doctor page does. */
async function book(doctor: Account, time: string) {
  const doctorToken = (await apiLogin(portal, doctor.email, doctor.password)).token;
  const slot = await api(portal, 'POST', 'appointment', { date: `${new Date().getUTCFullYear() + 1}-01-15`, time }, doctorToken);
  expect(slot.status, JSON.stringify(slot.body)).toBe(200);
  const ownerToken = (await apiLogin(portal, owner.email, owner.password)).token;
  const reserve = await api(portal, 'POST', `appointment/reserve/?appointment=${slot.body.appointment._id}&receiver=${doctor.id}`, {}, ownerToken);
  expect(reserve.status, JSON.stringify(reserve.body)).toBe(200);
}

beforeAll(async () => {
  portal = await startPortal();
  browser = await journeyBrowser();
  const painter = await browser.newPage({ viewport: { width: 480, height: 300 } });
  await painter.setContent(
    `<body style="margin:0;font:16px sans-serif;background:#fff"><div style="padding:20px"><h2 style="margin:0 0 12px">Cairo Lab: Complete blood count</h2>` +
      `<table style="border-collapse:collapse;width:100%">${[
        ['Haemoglobin', '10.1 g/dL'],
        ['White cells', '6.2 ×10⁹/L'],
        ['Platelets', '254 ×10⁹/L'],
        ['Ferritin', '8 ng/mL'],
      ]
        .map(
          ([k, v]) => `<tr><td style="border-bottom:1px solid #ccc;padding:6px">${k}</td><td style="border-bottom:1px solid #ccc;padding:6px">${v}</td></tr>`,
        )
        .join('')}</table></div></body>`,
  );
  writeFileSync(pngPath, await painter.screenshot({ type: 'png' }));
  await painter.close();
  [owner, firstDoctor, secondDoctor, otherPatient] = (await Promise.all([
    registerAccount(portal, 'patient', { name: 'Laila Mahmoud', gender: 'female' }),
    registerAccount(portal, 'doctor', { name: 'Dr. Hany Said' }),
    registerAccount(portal, 'doctor', { name: 'Dr. Dina Fouad', specialization: 'Neurology' }),
    registerAccount(portal, 'patient', { name: 'Omar Khattab', gender: 'male' }),
  ])) as Account[];
  await book(firstDoctor, '10:00');
  await book(secondDoctor, '11:00');
});

afterAll(async () => {
  await browser?.close();
  await portal?.dispose();
  rmSync(pngPath, { force: true });
});

async function signedInPage(account: Account): Promise<Page> {
  const page = await (await newContext(browser)).newPage();
  await loginThroughUi(page, portal, account.email, account.password);
  return page;
}

/** Opens a section's add form, fills it and adds; waits for the reload that closes the form. */
async function addEntry(page: Page, section: string, title: string, fill: (dialog: ReturnType<Page['getByRole']>) => Promise<void>) {
  await page.getByRole('button', { name: `Add to ${section}` }).click();
  const dialog = page.getByRole('dialog', { name: title });
  await dialog.waitFor();
  await fill(dialog);
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await dialog.waitFor({ state: 'detached' });
  await page.getByText('Added successfully').waitFor();
}

describe('medical history journey', () => {
  it('the patient adds one entry of every kind, removes one after confirming (with Undo), and opens her lab result', async () => {
    const page = await signedInPage(owner);
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('link', { name: 'Medical History', exact: true }).click();
    await page.waitForURL(`${portal.url}/history/${owner.id}`);
    await page.getByRole('heading', { name: 'Laila Mahmoud' }).waitFor();
    await page.getByText('There are no Laboratory tests added yet.').waitFor();

    await addEntry(page, 'medicines', 'Add medicines', async (d) => {
      await d.getByLabel('Medicine *').fill('Ferrous sulphate 200 mg');
      await d.getByLabel('Date *').fill('01/25/2025');
    });
    await addEntry(page, 'diagnosis', 'Add diagnosis', async (d) => {
      await d.getByLabel('Diagnosis *').fill('Iron deficiency anaemia');
      await d.getByLabel('Notes').fill('Ferritin 8 ng/mL');
      await d.getByLabel('Told to me by (optional)').fill('Dr. Hany Said');
    });
    await addEntry(page, 'allergies', 'Add allergy', async (d) => {
      await d.getByLabel('Substance *').fill('Penicillin');
      await d.getByLabel('Reaction').fill('Hives and swelling');
      await d.getByLabel('Severity *').selectOption({ label: 'severe' });
    });
    await addEntry(page, 'chronic diseases', 'Add Chronic disease', async (d) => {
      await d.getByLabel('Disease name *').fill('Asthma');
      await d.getByLabel('Since *').fill('09-01-2010');
      await d.getByLabel('Condition').selectOption({ label: 'still not cured' });
    });
    await addEntry(page, 'genetic diseases', 'Add genetic diseases', async (d) => {
      await d.getByLabel('Disease *').fill('Thalassaemia minor');
      await d.getByLabel('Injured').fill('Mother');
    });
    await addEntry(page, 'surgeries', 'Add Surgery', async (d) => {
      await d.getByLabel('Surgery name *').fill('Tonsillectomy');
      await d.getByLabel('Date *').fill('03-15-2004');
    });
    await addEntry(page, 'continuous medications', 'continuous medications', async (d) => {
      await d.getByLabel('Medicine name *').fill('Levothyroxine 50 mcg');
      await d.getByLabel('Dose *').fill('One tablet before breakfast');
    });
    await addEntry(page, 'laboratory tests', 'Add New Test Details', async (d) => {
      await d.getByLabel('Test Name *').fill('Complete blood count');
      await d.getByLabel('Laboratory').fill('Cairo Lab');
      await d.getByLabel(/^Result/).setInputFiles(pngPath);
    });

    // A date that cannot be read: the server's message in red, the form stays open.
    await page.getByRole('button', { name: 'Add to surgeries' }).click();
    const surgery = page.getByRole('dialog', { name: 'Add Surgery' });
    await surgery.getByLabel('Surgery name *').fill('Knee arthroscopy');
    await surgery.getByLabel('Date *').fill('last spring');
    await surgery.getByRole('button', { name: 'Add', exact: true }).click();
    await surgery
      .getByRole('alert')
      .getByText(/could not be read/)
      .waitFor();
    await surgery.getByRole('button', { name: 'Cancel' }).click();
    await surgery.waitFor({ state: 'detached' });

    for (const text of [
      'Ferrous sulphate 200 mg',
      '25 Jan 2025',
      'Iron deficiency anaemia',
      'Asthma',
      '1 Sept 2010',
      'Thalassaemia minor',
      'Tonsillectomy',
      'Levothyroxine 50 mcg',
      'Cairo Lab',
    ]) {
      await page.getByRole('cell', { name: text, exact: true }).waitFor();
    }
    // Her own diagnosis names who told her, but is marked self-reported: no doctor is its author.
    const own = page.getByRole('row', { name: /Iron deficiency anaemia/ });
    await own.getByText('Told to me by Dr. Hany Said').waitFor();
    await own.getByText('Self-reported').waitFor();
    await page
      .getByRole('row', { name: /Penicillin/ })
      .getByText('severe')
      .waitFor();

    // Removing asks first; Cancel keeps the entry.
    await page.getByRole('button', { name: 'Remove Tonsillectomy' }).click();
    let confirm = page.getByRole('dialog', { name: 'Remove this entry?' });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    await page.getByRole('cell', { name: 'Tonsillectomy', exact: true }).waitFor();
    // Remove, then Undo brings it back.
    await page.getByRole('button', { name: 'Remove Tonsillectomy' }).click();
    confirm = page.getByRole('dialog', { name: 'Remove this entry?' });
    await confirm.getByRole('button', { name: 'Remove', exact: true }).click();
    await page.getByText('There are no surgeries added yet.').waitFor();
    expect(await page.getByText('Added successfully').count()).toBe(0);
    await page.getByText('Removed “Tonsillectomy”.').waitFor();
    await page.getByRole('button', { name: 'Undo', exact: true }).click();
    await page.getByRole('cell', { name: 'Tonsillectomy', exact: true }).waitFor();
    // Removed for good this time: the offer runs out after a few seconds.
    await page.getByRole('button', { name: 'Remove Tonsillectomy' }).click();
    await page.getByRole('dialog', { name: 'Remove this entry?' }).getByRole('button', { name: 'Remove', exact: true }).click();
    await page.getByText('There are no surgeries added yet.').waitFor();
    await page.getByText('Removed “Tonsillectomy”.').waitFor({ state: 'detached', timeout: 15_000 });
    await page.reload();
    await page.getByText('There are no surgeries added yet.').waitFor();

    await page.getByRole('button', { name: 'Open the result of Complete blood count' }).click();
    const result = page.getByRole('dialog', { name: 'Complete blood count' });
    const image = result.getByRole('img', { name: 'Result of Complete blood count' });
    await image.waitFor();
    expect(await image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(480);
    await page.locator('.modal.show').waitFor();
    await page.waitForTimeout(400);
    await screenshot(page, 'history-lab-result', { fullPage: false });
    await result.getByRole('button', { name: 'Close' }).click();
    await result.waitFor({ state: 'detached' });
    await expectAccessible(page, 'history owner');
    await screenshot(page, 'history-owner');
    await page.context().close();
  });

  it('a doctor with a reservation opens it from the appointments table and adds a diagnosis signed with his name', async () => {
    const page = await signedInPage(firstDoctor);
    await page.goto(`${portal.url}/settings/appointments`);
    await page.getByRole('link', { name: 'Medical history of Laila Mahmoud' }).click();
    await page.waitForURL(`${portal.url}/history/${owner.id}`);
    await page.getByRole('cell', { name: 'Iron deficiency anaemia' }).waitFor();
    await page
      .getByRole('row', { name: /Iron deficiency anaemia/ })
      .getByText('Self-reported')
      .waitFor();
    await page.getByText('You can add entries to this medical history; they are signed with your name.', { exact: false }).waitFor();
    await addEntry(page, 'diagnosis', 'Add diagnosis', async (d) => {
      await d.getByText('This entry will be signed with your name.').waitFor();
      await d.getByLabel('Diagnosis *').fill('Acute bronchitis');
      await d.getByLabel('Visit note').fill('Cough for 10 days, chest clear; rest and fluids.');
    });
    const written = page.getByRole('row', { name: /Acute bronchitis/ });
    expect(await written.getByText('Dr. Hany Said').count()).toBe(2);
    expect(await page.getByRole('button', { name: /^(Remove|Hide) / }).count()).toBe(0);
    expect(await page.getByRole('heading', { name: 'Who viewed my record' }).count()).toBe(0);
    await expectAccessible(page, 'history doctor');
    await screenshot(page, 'history-doctor');
    await page.context().close();

    const second = await signedInPage(secondDoctor);
    await second.goto(`${portal.url}/history/${owner.id}`);
    await second.getByRole('cell', { name: 'Asthma' }).waitFor();
    await second.context().close();
  });

  it('the patient cannot remove the doctor’s diagnosis but hides it after confirming, with Undo; the doctor still sees it', async () => {
    const page = await signedInPage(owner);
    await page.goto(`${portal.url}/history/${owner.id}`);
    const row = page.getByRole('row', { name: /Acute bronchitis/ });
    await row.waitFor();
    expect(await row.getByRole('button', { name: /^Remove/ }).count()).toBe(0);
    await row.getByRole('button', { name: 'Hide Acute bronchitis' }).click();
    let confirm = page.getByRole('dialog', { name: 'Hide this entry?' });
    await confirm.getByText(/your doctors and the access log still see it/).waitFor();
    await confirm.getByRole('button', { name: 'Hide', exact: true }).click();
    await row.waitFor({ state: 'detached' });
    await page.getByText('Hidden “Acute bronchitis”.').waitFor();
    await page.getByRole('button', { name: 'Undo', exact: true }).click();
    await row.waitFor();
    // Hidden for good, then seen again through the switch.
    await row.getByRole('button', { name: 'Hide Acute bronchitis' }).click();
    confirm = page.getByRole('dialog', { name: 'Hide this entry?' });
    await confirm.getByRole('button', { name: 'Hide', exact: true }).click();
    await row.waitFor({ state: 'detached' });
    await page.getByRole('switch', { name: 'Show hidden entries (1)' }).check();
    await row.getByText('Hidden', { exact: true }).waitFor();
    await expectAccessible(page, 'history hidden entries');
    await page.context().close();

    const doctor = await signedInPage(firstDoctor);
    await doctor.goto(`${portal.url}/history/${owner.id}`);
    await doctor
      .getByRole('row', { name: /Acute bronchitis/ })
      .getByText('Hidden by the patient')
      .waitFor();
    await doctor.context().close();
  });

  it('another patient is refused with the server’s message', async () => {
    const page = await signedInPage(otherPatient);
    await page.goto(`${portal.url}/history/${owner.id}`);
    await page.getByRole('alert').getByText('Only the patient and the doctors they have booked can open this medical history').waitFor();
    expect(await page.getByRole('cell').count()).toBe(0);
    await expectAccessible(page, 'history refused');
    await screenshot(page, 'history-refused');
    await page.context().close();
  });

  it('the owner sees both doctors’ reads and the refused attempt in her access log', async () => {
    const page = await signedInPage(owner);
    await page.goto(`${portal.url}/history/${owner.id}`);
    const panel = page.getByRole('region', { name: 'Who viewed my record' });
    for (const name of ['Dr. Hany Said', 'Dr. Dina Fouad']) {
      await panel
        .getByRole('row', { name: new RegExp(`${name}.*Opened your record.*Allowed`) })
        .first()
        .waitFor();
    }
    await panel.getByRole('row', { name: /Omar Khattab.*Refused/ }).waitFor();
    await panel
      .getByRole('row', { name: /Dr\. Hany Said.*Added a diagnosis.*Allowed/ })
      .first()
      .waitFor();
    await panel.scrollIntoViewIfNeeded();
    await expectAccessible(page, 'history access log');
    await screenshot(page, 'history-access-log');
    await page.context().close();
  });
});
