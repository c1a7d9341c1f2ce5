import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiLogin, navigateInApp, newContext, screenshot } from './harness.js';
import { settle, sweepBothLanguages, sweepTargetOfFile, violations } from './accessibility/sweep.js';
import { call, dayFromNow, newAccount } from './production/helpers.js';

/**
 * Accessibility, part one: axe-core on every route logged out, in English and in Arabic, and on a
 * small phone, with zero serious or critical violations; and the journeys that matter done by
 * keyboard alone. The signed-in sweeps are in accessibility-care and accessibility-staff.
 */
const target = sweepTargetOfFile();

describe('axe-core on every route: zero serious or critical violations', () => {
  it('detects a planted violation (so a clean sweep means something)', async () => {
    const page = await (await newContext(target().browser)).newPage();
    await page.goto(`${target().portal.url}/about`);
    await settle(page);
    // The first analysis puts axe-core into the page; the next screen, reached inside the app,
    // is analysed by that same copy, which must see the screen as it is now.
    expect(await violations(page, 'before')).toEqual([]);
    await navigateInApp(page, '/contact');
    await settle(page);
    await page.evaluate(() => {
      const img = document.createElement('img');
      img.src = '/favicon.ico';
      document.querySelector('main, #root')?.append(img);
    });
    expect((await violations(page, 'planted')).join('\n')).toContain('image-alt');
  });

  it('logged out, in English and in Arabic', async () => {
    expect(await sweepBothLanguages(target(), 'guest')).toEqual([]);
  }, 300_000);

  it('on a small phone screen', async () => {
    const page = await (await newContext(target().browser, 375, 740)).newPage();
    const found: string[] = [];
    for (const route of ['/', '/doctors', '/shop', '/blogs', '/account/login']) {
      await page.goto(`${target().portal.url}${route}`);
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
  await page.goto(`${target().portal.url}/account/login`);
  await typeInto(page, page.getByLabel(/^email/i), email);
  await typeInto(page, page.getByLabel(/password/i), password);
  await page.keyboard.press('Enter');
  await page.waitForURL(`${target().portal.url}/`, { timeout: 15_000 });
  await page.waitForFunction(() => Boolean(localStorage.getItem('m_ph_uu')), undefined, { timeout: 15_000 });
}

describe('keyboard only', () => {
  it('logs in, reserves a slot and pays for a cart without a pointer', async () => {
    const doctor = await newAccount(target().portal, 'doctor');
    const doctorToken = (await apiLogin(target().portal, doctor.email, doctor.password)).token;
    expect((await call(target().portal, 'POST', 'appointment', { token: doctorToken, fields: { date: dayFromNow(6), time: '10:00' } })).status).toBe(200);
    const patient = await newAccount(target().portal, 'patient');

    const page = await (await newContext(target().browser)).newPage();
    await keyboardLogin(page, patient.email, patient.password);

    // Reserve: the slot's button, then the modal's confirmation, by Tab and Enter.
    await page.goto(`${target().portal.url}/doctor/${encodeURIComponent(doctor.name)}`);
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
    await page.goto(`${target().portal.url}/shop/${target().names.productSlug}`);
    await settle(page);
    await tabTo(page, page.getByRole('button', { name: /add to cart/i }));
    await page.keyboard.press('Enter');
    await expect
      .poll(
        async () =>
          (await call(target().portal, 'GET', 'cart', { token: await page.evaluate(() => localStorage.getItem('access-token') ?? '') })).body.cart?.length ?? 0,
      )
      .toBe(1);
    await page.keyboard.press('Escape');

    // Pay: every field reached and filled by keyboard, selects chosen by typing.
    await page.goto(`${target().portal.url}/checkout`);
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
    await page.waitForURL(`${target().portal.url}/settings/orders`, { timeout: 10_000 });
    await screenshot(page, 'a11y-keyboard-paid');
  }, 180_000);
});
