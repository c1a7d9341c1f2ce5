import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, apiLogin, axe, demo, launchBrowser, loginThroughUi, newContext, screenshot, startPortal, type Portal } from './harness.js';
import { call, dayFromNow, newAccount } from './production/helpers.js';

/**
 * Accessibility: axe-core on every route of the portal, logged out and logged in as each role,
 * in English and in Arabic, with zero serious or critical violations; and the journeys that matter done by keyboard alone.
 */
let portal: Portal;
let browser: Browser;
const context = { doctorName: demo.doctor.name, productSlug: '', blogSlug: '' };

beforeAll(async () => {
  portal = await startPortal();
  browser = await launchBrowser();
  // A product in stock and sold without a prescription, so its Add To Cart button works for anyone.
  for (const p of (await api(portal, 'GET', 'medicines/?page=1')).body.products ?? []) {
    const product = (await api(portal, 'GET', `medicine/?product=${p.slug}`)).body.product;
    if (product?.quantity >= 5 && !product.prescriptionOnly) {
      context.productSlug = p.slug;
      break;
    }
  }
  context.blogSlug = (await api(portal, 'GET', 'blog')).body.blogs?.[0]?.slug ?? 'missing-blog';
});
afterAll(async () => {
  await browser?.close();
  await portal?.dispose();
});

const routes = () => [
  '/',
  '/account/login',
  '/account/register',
  '/account/doctor',
  '/account/pharmacist',
  '/account/forgot-password',
  '/doctors',
  `/doctor/${encodeURIComponent(context.doctorName)}`,
  '/appointment/request',
  `/appointment/request/${encodeURIComponent(context.doctorName)}/Cardiology`,
  '/shop',
  `/shop/${context.productSlug}`,
  '/cart',
  '/checkout',
  '/settings/profile',
  '/settings/appointments',
  '/settings/payments',
  '/settings/orders',
  '/settings/security',
  '/settings/notifications',
  '/prescriptions',
  `/history/${demo.patient.id}`,
  '/blogs',
  `/blogs/${context.blogSlug}`,
  '/blog/create',
  '/about',
  '/contact',
  '/chat',
  '/no-such-page',
];

/** Waits until the page has its data: network quiet and no spinner left. */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
  await page
    .waitForFunction(() => !document.querySelector('.spinner-border, .spinner-grow, [aria-busy="true"]'), undefined, { timeout: 8_000 })
    .catch(() => undefined);
  // Let entrance transitions (carousels, fades) finish so colours are measured at rest.
  await page.waitForTimeout(400);
}

/** Serious and critical violations on the current page, one line each. */
async function violations(page: Page, where: string): Promise<string[]> {
  const results = await axe(page).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${where} ${v.id} (${v.impact}): ${v.help} → ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(' | ')}`,
    );
}

/** The administrator's console: each of its tabs. */
const adminRoutes = ['/admin', '/admin/applications', '/admin/users', '/admin/content', '/admin/audit'];

async function sweep(page: Page, who: string, paths: string[] = routes()): Promise<string[]> {
  const found: string[] = [];
  const extraTabs = new Set<string>();
  for (const route of paths) {
    await page.goto(`${portal.url}${route}`);
    await settle(page);
    found.push(...(await violations(page, `[${who}] ${route}`)));
    if (route === '/settings/profile') {
      // Role-specific settings tabs (a pharmacist's products, for example) are swept too.
      for (const href of await page.locator('a[href^="/settings/"]').evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''))) extraTabs.add(href);
    }
  }
  for (const href of extraTabs) {
    if (routes().includes(href)) continue;
    await page.goto(`${portal.url}${href}`);
    await settle(page);
    found.push(...(await violations(page, `[${who}] ${href}`)));
  }
  await screenshot(page, `a11y-${who}-last`);
  return found;
}

describe('axe-core on every route: zero serious or critical violations', () => {
  it('detects a planted violation (so a clean sweep means something)', async () => {
    const page = await (await newContext(browser)).newPage();
    await page.goto(`${portal.url}/about`);
    await settle(page);
    await page.evaluate(() => {
      const img = document.createElement('img');
      img.src = '/favicon.ico';
      document.querySelector('main, #root')?.append(img);
    });
    expect((await violations(page, 'planted')).join('\n')).toContain('image-alt');
  });

  /**
   * The same person sweeps in English and in Arabic (right to left) at once, in two contexts: the
   * sweep mostly waits for pages to settle, so the two run side by side in about the time of one.
   */
  async function sweepBothLanguages(who: string, login?: { email: string; password: string }, paths?: string[]) {
    const sweeps = (['en', 'ar'] as const).map(async (language) => {
      const context = await newContext(browser);
      const page = await context.newPage();
      if (login) await loginThroughUi(page, portal, login.email, login.password);
      if (language === 'ar') {
        // Chosen as the navbar's switch remembers it: every page loaded after this one starts in Arabic.
        await page.goto(`${portal.url}/`);
        await page.evaluate(() => localStorage.setItem('language', 'ar'));
        await page.reload();
        await page.waitForFunction(() => document.documentElement.dir === 'rtl');
      }
      const found = await sweep(page, `${who}-${language}`, paths);
      await context.close();
      return found;
    });
    return (await Promise.all(sweeps)).flat();
  }

  it('logged out, in English and in Arabic', async () => {
    expect(await sweepBothLanguages('guest')).toEqual([]);
  }, 300_000);

  for (const role of ['patient', 'doctor', 'pharmacist'] as const) {
    it(`logged in as the demo ${role}, in English and in Arabic`, async () => {
      expect(await sweepBothLanguages(role, demo[role])).toEqual([]);
    }, 300_000);
  }

  it('logged in as the demo administrator, every tab of the console, in English and in Arabic', async () => {
    expect(await sweepBothLanguages('admin', demo.admin, adminRoutes)).toEqual([]);
  }, 300_000);

  it('on a small phone screen', async () => {
    const page = await (await newContext(browser, 375, 740)).newPage();
    const found: string[] = [];
    for (const route of ['/', '/doctors', '/shop', '/blogs', '/account/login']) {
      await page.goto(`${portal.url}${route}`);
      await settle(page);
      found.push(...(await violations(page, `[phone] ${route}`)));
    }
    expect(found).toEqual([]);
  }, 120_000);
});

/** Presses Tab until `target` has the focus: proof that a keyboard reaches it, in the page's own order. */
async function tabTo(page: Page, target: Locator, limit = 120) {
  await target.first().waitFor();
  for (let i = 0; i < limit; i += 1) {
    if (await target.first().evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`could not reach ${target} with the Tab key`);
}

async function typeInto(page: Page, target: Locator, text: string) {
  await tabTo(page, target);
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(text);
}

async function keyboardLogin(page: Page, email: string, password: string) {
  await page.goto(`${portal.url}/account/login`);
  await typeInto(page, page.getByLabel(/^email/i), email);
  await typeInto(page, page.getByLabel(/password/i), password);
  await page.keyboard.press('Enter');
  await page.waitForURL(`${portal.url}/`, { timeout: 15_000 });
  await page.waitForFunction(() => Boolean(localStorage.getItem('m_ph_uu')), undefined, { timeout: 15_000 });
}

describe('keyboard only', () => {
  it('logs in, reserves a slot and pays for a cart without a pointer', async () => {
    const doctor = await newAccount(portal, 'doctor');
    const doctorToken = (await apiLogin(portal, doctor.email, doctor.password)).token;
    expect((await call(portal, 'POST', 'appointment', { token: doctorToken, fields: { date: dayFromNow(6), time: '10:00' } })).status).toBe(200);
    const patient = await newAccount(portal, 'patient');

    const page = await (await newContext(browser)).newPage();
    await keyboardLogin(page, patient.email, patient.password);

    // Reserve: the slot's button, then the modal's confirmation, by Tab and Enter.
    await page.goto(`${portal.url}/doctor/${encodeURIComponent(doctor.name)}`);
    await settle(page);
    await tabTo(page, page.getByRole('button', { name: /^reserve\b/i }));
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await tabTo(page, dialog.getByRole('button', { name: /save|reserve|confirm/i }));
    await page.keyboard.press('Enter');
    await page.getByText('Reserved Successfully').first().waitFor({ timeout: 10_000 });
    await page.keyboard.press('Escape');
    await screenshot(page, 'a11y-keyboard-reserved');

    // Add to cart from the product page.
    await page.goto(`${portal.url}/shop/${context.productSlug}`);
    await settle(page);
    await tabTo(page, page.getByRole('button', { name: /add to cart/i }));
    await page.keyboard.press('Enter');
    await expect
      .poll(
        async () =>
          (await call(portal, 'GET', 'cart', { token: await page.evaluate(() => localStorage.getItem('access-token') ?? '') })).body.cart?.length ?? 0,
      )
      .toBe(1);
    await page.keyboard.press('Escape');

    // Pay: every field reached and filled by keyboard, selects chosen by typing.
    await page.goto(`${portal.url}/checkout`);
    await settle(page);
    await typeInto(page, page.getByLabel(/card number/i), '4242424242424242');
    await tabTo(page, page.getByLabel(/month/i));
    await page.keyboard.type('12');
    await tabTo(page, page.getByLabel(/year/i));
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await typeInto(page, page.getByLabel(/cvc|cvv/i), '123');
    await typeInto(page, page.getByLabel(/location|address/i).first(), '1 Nile Street');
    await tabTo(page, page.getByLabel(/^country/i));
    await page.keyboard.type('Egypt');
    await tabTo(page, page.getByLabel(/government/i));
    await page.keyboard.type('Cairo');
    const holder = page.getByLabel(/name on card|card holder|cardholder/i);
    if (await holder.count()) await typeInto(page, holder, 'Keyboard Patient');
    await tabTo(page, page.getByRole('button', { name: /purchase now/i }));
    await page.keyboard.press('Enter');
    await page.getByText('Payed Successfully').first().waitFor({ timeout: 15_000 });
    await page.waitForURL(`${portal.url}/settings/orders`, { timeout: 10_000 });
    await screenshot(page, 'a11y-keyboard-paid');
  }, 180_000);
});
