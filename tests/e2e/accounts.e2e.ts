import type { Page } from 'playwright-core';
import { closeJourney, expectAccessible, loginThroughUi, newContext, openJourney, type Portal, screenshot, sqlOn, type JourneyBrowser } from './harness';

let portal: Portal;
let browser: JourneyBrowser;
beforeAll(async () => ({ portal, browser } = await openJourney()));
afterAll(() => closeJourney({ portal, browser }));

async function registerThroughUi(page: Page, kind: 'register' | 'doctor' | 'pharmacist', fields: Record<string, string>) {
  await page.goto(`${portal.url}/account/${kind}`);
  await page.getByRole('button', { name: 'Create account' }).waitFor();
  for (const [label, value] of Object.entries(fields)) await page.getByLabel(new RegExp(`^${label}`)).fill(value);
  if (kind === 'doctor') await page.getByLabel('Specialization').selectOption('Neurology');
  if (kind === 'register') await page.getByLabel('Blood type').selectOption({ label: 'AB-' });
  await page.getByLabel('Country').selectOption('Egypt');
  await page.getByLabel('Government').selectOption('Alexandria');
  // The form answers with a confirmation or the server's message, and a confirmation shows only until
  // the redirect (half a second for a pharmacist): a busy machine can poll past it. The page records
  // its first answer as it appears, so a refusal fails with its words (the failure report adds the
  // server's log) and a confirmation is read however briefly it showed.
  await page.evaluate(() => {
    const card = document.querySelector('.auth-card');
    new MutationObserver((_changes, observer) => {
      const answer = card?.querySelector('[role="status"], [role="alert"]');
      if (!answer?.textContent) return;
      (window as { formAnswer?: string }).formAnswer = answer.textContent;
      observer.disconnect();
    }).observe(card ?? document.body, { childList: true, subtree: true, characterData: true });
  });
  await page.getByRole('button', { name: 'Create account' }).click();
  const answer = await (await page.waitForFunction(() => (window as { formAnswer?: string }).formAnswer)).jsonValue();
  // Professionals are also told that the clinic checks their licence first.
  expect(answer).toMatch(/^Account created successfully.*you will be redirected in moments$/);
  await page.waitForURL(`${portal.url}/account/login`, { timeout: 5000 });
}

async function logoutThroughMenu(page: Page) {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('button', { name: 'Logout' }).click();
  await page.getByRole('link', { name: 'Login/Register' }).waitFor();
  await page.waitForURL(`${portal.url}/`);
  expect(await page.evaluate(() => [localStorage.getItem('access-token'), localStorage.getItem('user'), localStorage.getItem('role')])).toEqual([
    null,
    null,
    null,
  ]);
}

describe('accounts journey', () => {
  it('a new patient registers, logs in with Enter, edits the profile and logs out', async () => {
    const page = await (await newContext(browser)).newPage();
    const unique = Date.now().toString(36);
    const email = `mona.${unique}@example.test`;
    await page.goto(`${portal.url}/account/register`);
    await expectAccessible(page, 'register');
    await screenshot(page, 'accounts-register');
    await registerThroughUi(page, 'register', {
      'Full name': 'Mona Adel Saber',
      Username: `mona_${unique}`,
      Email: email,
      Password: 'Mona#2026pass',
      Phone: '01005556667',
    });

    // The running server hashes with OWASP's argon2id parameters (19 MiB, 2 iterations, 1 lane).
    const [stored] = await sqlOn<{ password_hash: string }>(portal, 'select password_hash from users where email = ?', [email]);
    expect(stored.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);

    await expectAccessible(page, 'login');
    await screenshot(page, 'accounts-login');
    await loginThroughUi(page, portal, email, 'Mona#2026pass');
    await page.getByRole('button', { name: 'Account menu' }).click();
    for (const item of ['Settings', 'Medical History', 'Order', 'Payment', 'Appointment']) {
      await page
        .getByRole('menuitem', { name: item, exact: true })
        .or(page.getByRole('link', { name: item, exact: true }))
        .first()
        .waitFor();
    }
    await page.getByRole('link', { name: 'Settings', exact: true }).click();
    await page.waitForURL(`${portal.url}/settings/profile`);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('There is no change to save').waitFor();
    await page.getByLabel('Phone').fill('01112223334');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Updated Successfully').waitFor();
    await page.waitForLoadState('load');
    await page.waitForTimeout(2000);
    expect(await page.getByLabel('Phone').inputValue()).toBe('01112223334');
    await expectAccessible(page, 'profile');
    await screenshot(page, 'accounts-profile');
    await logoutThroughMenu(page);
    await page.context().close();
  });

  it('a doctor and a pharmacist register and log in; only the pharmacist sees pharmacy fields', async () => {
    const page = await (await newContext(browser)).newPage();
    const unique = Date.now().toString(36);
    await registerThroughUi(page, 'doctor', {
      'Full name': `Dr. Karim ${unique}`,
      Username: `karim_${unique}`,
      Email: `karim.${unique}@example.test`,
      Password: 'Karim#2026pass',
      'Licence number': `EMS-${unique}`,
    });
    await loginThroughUi(page, portal, `karim.${unique}@example.test`, 'Karim#2026pass');
    await page.getByRole('link', { name: 'Add Blog' }).waitFor();
    await page.goto(`${portal.url}/settings/profile`);
    await page.getByLabel('Full name').waitFor();
    expect(await page.getByLabel('Pharmacy location').count()).toBe(0);
    await logoutThroughMenu(page);

    await registerThroughUi(page, 'pharmacist', {
      'Full name': `Hoda ${unique}`,
      Username: `hoda_${unique}`,
      Email: `hoda.${unique}@example.test`,
      Password: 'Hoda#2026pass',
      'Pharmacy name': `Hoda Pharmacy ${unique}`,
      'Licence number': `EPS-${unique}`,
      'Pharmacy licence number': `PH-${unique}`,
    });
    await loginThroughUi(page, portal, `hoda.${unique}@example.test`, 'Hoda#2026pass');
    expect(await page.getByRole('link', { name: 'Add Blog' }).count()).toBe(0);
    await page.goto(`${portal.url}/settings/profile`);
    await page.getByLabel('Pharmacy location').fill('Smouha, Alexandria');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Updated Successfully').waitFor();
    await page.waitForTimeout(2500);
    expect(await page.getByLabel('Pharmacy location').inputValue()).toBe('Smouha, Alexandria');
    await page.context().close();
  });

  it('a wrong password shows the server message; an unknown path shows the not-found page', async () => {
    const page = await (await newContext(browser)).newPage();
    await page.goto(`${portal.url}/account/login`);
    await page.getByLabel(/password/i).waitFor();
    await page.getByLabel(/^email/i).fill('patient@clinic.test');
    await page.getByLabel(/password/i).fill('not-the-password');
    await page.getByLabel(/password/i).press('Enter');
    await page.getByRole('alert').waitFor();
    expect(await page.getByRole('alert').textContent()).toMatch(/email or password/i);

    await page.goto(`${portal.url}/no/such/page`);
    await page.getByText('OOPS! Page not found').waitFor();
    expect(await page.getByRole('img', { name: /404/ }).count()).toBe(1);
    await expectAccessible(page, 'not-found');
    await screenshot(page, 'accounts-not-found');
    await page.getByRole('link', { name: 'Back to home' }).click();
    await page.waitForURL(`${portal.url}/`);
    await page.context().close();
  });
});
