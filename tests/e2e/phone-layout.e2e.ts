import type { Locator, Page } from 'playwright-core';
import {
  api,
  apiLogin,
  closeJourney,
  demo,
  expectFitsPhone,
  loginThroughUi,
  newContext,
  openJourney,
  phone,
  type Portal,
  registerAccount,
  screenshot,
  screenshotFullAndTop,
  signedInContext,
  navigateInApp,
  networkQuiet,
  type JourneyBrowser,
} from './harness';
import { cardForm } from '../server/card-form';

/**
 * The portal on a 390 × 844 phone: no page scrolls sideways, the navbar stays one row, and the
 * controls of the cart, the appointments and the received orders are reachable on screen. Then the
 * widths between a phone and a desktop: tablets and small laptops.
 */

let portal: Portal;
let browser: JourneyBrowser;
beforeAll(async () => ({ portal, browser } = await openJourney()));
afterAll(() => closeJourney({ portal, browser }));

const dayAhead = (days: number) => new Date(Date.now() + days * 86400000).toISOString().slice(0, 10);

/** Full-page and top-of-page screenshots, then the phone layout checks. */
async function shotAndFitsPhone(page: Page, name: string) {
  await page.waitForLoadState('networkidle');
  await screenshotFullAndTop(page, `phone-${name}`);
  await expectFitsPhone(page, name);
}

/**
 * Scrolled to vertically (the page only; no table slid sideways), the control is wholly inside
 * the phone's width and height.
 */
async function scrollDownTo(locator: Locator) {
  await locator.evaluate((el) => window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 200));
}
async function expectOnScreen(locator: Locator, what: string) {
  await scrollDownTo(locator);
  const box = await locator.boundingBox();
  expect(box, what).toBeTruthy();
  expect(box!.x, `${what} left edge`).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width, `${what} right edge`).toBeLessThanOrEqual(phone.width);
  expect(box!.y, `${what} top edge`).toBeGreaterThanOrEqual(0);
  expect(box!.y + box!.height, `${what} bottom edge`).toBeLessThanOrEqual(phone.height);
}

/**
 * Without scrolling, the element is wholly visible on a screen of that height, and nothing clips
 * or covers it: its bottom-end corner is the element a tap there reaches. Measured in one step and
 * polled, because a thread that just opened may still be laying out its messages.
 */
async function expectAboveFold(locator: Locator, height: number, what: string) {
  const measure = () =>
    locator.evaluate((el) => {
      const box = el.getBoundingClientRect();
      return { bottom: box.bottom, reached: el.contains(document.elementFromPoint(box.right - 4, box.bottom - 3)) };
    });
  await expect.poll(async () => (await measure()).bottom <= height, { message: `${what} bottom edge within ${height} px`, timeout: 5000 }).toBe(true);
  await expect.poll(async () => (await measure()).reached, { message: `${what} is not clipped`, timeout: 5000 }).toBe(true);
}

describe('the portal on a phone', () => {
  it('fits 390 px on every page a patient visits, with the cart and appointment controls on screen', async () => {
    const doctor = (await registerAccount(portal, 'doctor')) as Record<string, string>;
    const patient = (await registerAccount(portal, 'patient')) as Record<string, string>;
    const doctorLogin = await apiLogin(portal, doctor.email, doctor.password);
    const { token } = await apiLogin(portal, patient.email, patient.password);
    const slot = await api(portal, 'POST', 'appointment', { date: dayAhead(5), time: '10:00' }, doctorLogin.token);
    expect(slot.status).toBe(200);
    expect((await api(portal, 'POST', `appointment/reserve/?appointment=${slot.body.appointment._id}&receiver=${doctor.id}`, {}, token)).status).toBe(200);
    expect((await api(portal, 'POST', 'cart', { product: 'vitamin-d3-5000-iu', quantity: '2' }, token)).status).toBe(200);
    expect((await api(portal, 'POST', 'cart', { product: 'paracetamol-extra-500-65-mg', quantity: '1' }, token)).status).toBe(200);

    const page = await (await newContext(browser, phone.width, phone.height)).newPage();
    await page.goto(`${portal.url}/`);
    await shotAndFitsPhone(page, 'home-guest');
    await loginThroughUi(page, portal, patient.email, patient.password);
    await shotAndFitsPhone(page, 'home');

    await page.goto(`${portal.url}/shop`);
    const firstCard = page.getByRole('list', { name: 'Products' }).getByRole('article').first();
    await firstCard.waitFor();
    await shotAndFitsPhone(page, 'shop');
    // The shop opens with a product that can be bought.
    expect(await firstCard.getByText('Out of stock').count()).toBe(0);

    await page.goto(`${portal.url}/cart`);
    await page.getByTestId('cart-total').waitFor();
    await shotAndFitsPhone(page, 'cart');
    await expectOnScreen(page.getByRole('button', { name: 'Increase the quantity of Vitamin D3 5000 IU' }), 'cart +');
    await expectOnScreen(page.getByRole('button', { name: 'Remove Vitamin D3 5000 IU' }), 'cart remove');

    await page.goto(`${portal.url}/doctors`);
    await page
      .getByRole('link', { name: /View profile/ })
      .first()
      .waitFor();
    await shotAndFitsPhone(page, 'doctors');

    await page.goto(`${portal.url}/doctor/${encodeURIComponent(doctor.name)}`);
    await page.getByRole('heading', { name: doctor.name }).first().waitFor();
    await shotAndFitsPhone(page, 'doctor');

    await page.goto(`${portal.url}/settings/appointments`);
    const cancel = page.getByRole('button', { name: /^Cancel the appointment on / });
    await cancel.waitFor();
    await shotAndFitsPhone(page, 'appointments');
    await expectOnScreen(cancel, 'appointment cancel');
    await expectOnScreen(page.getByRole('link', { name: `Chat with ${doctor.name}` }), 'appointment chat');

    await page.goto(`${portal.url}/history/${patient.id}`);
    await page
      .getByRole('heading', { name: /Medical history|History/i })
      .first()
      .waitFor();
    await shotAndFitsPhone(page, 'history');

    await page.goto(`${portal.url}/chat`);
    await page.getByRole('list', { name: 'Conversations' }).waitFor();
    await shotAndFitsPhone(page, 'chat');

    // An open conversation fills the phone, with its input above the fold and the list one tap back.
    await page.goto(`${portal.url}/settings/appointments`);
    await page.getByRole('link', { name: `Chat with ${doctor.name}` }).click();
    const input = page.getByLabel('Type a message');
    await input.waitFor();
    await page.evaluate(() => window.scrollTo(0, 0));
    await shotAndFitsPhone(page, 'chat-open');
    await expectAboveFold(input, phone.height, 'phone chat input');
    await page.getByRole('button', { name: 'All conversations' }).click();
    await page.getByRole('list', { name: 'Conversations' }).getByText(doctor.name).waitFor();

    // On a 1280 × 800 screen too the input is visible without scrolling, and names are whole.
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByRole('list', { name: 'Conversations' }).getByRole('button').first().click();
    await input.waitFor();
    await page.evaluate(() => window.scrollTo(0, 0));
    await expectAboveFold(input, 800, 'desktop chat input');
    const cut = await page.locator('.chat-list__name').evaluateAll((names) => names.filter((n) => n.scrollWidth > n.clientWidth).map((n) => n.textContent));
    expect(cut).toEqual([]);
    await screenshot(page, 'desktop-chat-open');
  });

  it('puts the medical history remove buttons on screen for a patient with entries', async () => {
    const page = await (await newContext(browser, phone.width, phone.height)).newPage();
    await loginThroughUi(page, portal, demo.patient.email, demo.patient.password);
    await page.goto(`${portal.url}/history/${demo.patient.id}`);
    const remove = page.getByRole('button', { name: /^Remove / });
    await remove.first().waitFor();
    await shotAndFitsPhone(page, 'history-demo');
    for (const button of (await remove.all()).slice(0, 4)) await expectOnScreen(button, `history ${await button.getAttribute('aria-label')}`);
  });

  it('the pharmacist sees the status and Mark shipped of a received order on screen', async () => {
    const patient = (await registerAccount(portal, 'patient')) as Record<string, string>;
    const { token } = await apiLogin(portal, patient.email, patient.password);
    expect((await api(portal, 'POST', 'cart', { product: 'vitamin-d3-5000-iu', quantity: '1' }, token)).status).toBe(200);
    expect((await api(portal, 'POST', 'checkout', cardForm(), token)).status).toBe(200);

    // The buyer's orders and payments fit her phone too.
    const buyer = await (await newContext(browser, phone.width, phone.height)).newPage();
    await loginThroughUi(buyer, portal, patient.email, patient.password);
    await buyer.goto(`${portal.url}/settings/orders`);
    await buyer.getByRole('link', { name: /^Order .*: Vitamin D3 5000 IU$/ }).waitFor();
    await shotAndFitsPhone(buyer, 'orders');
    // Readable without sliding the table sideways: the last column is on screen.
    const date = buyer.getByRole('table').getByRole('row').nth(1).getByRole('cell').last();
    await expectOnScreen(date, 'order date');
    await buyer.goto(`${portal.url}/settings/payments`);
    await buyer.getByRole('list', { name: 'Previous payment methods' }).waitFor();
    await shotAndFitsPhone(buyer, 'payments');

    // The seeded pharmacies share the demo password; the one selling the product received the order.
    let seller = '';
    for (const email of [demo.pharmacist.email, 'ramy.fawzy@clinic.test', 'mariam.said@clinic.test']) {
      const login = await apiLogin(portal, email, demo.pharmacist.password);
      const received = await api(portal, 'GET', 'orders/received', undefined, login.token);
      if ((received.body.orders ?? []).length > 0) seller = email;
    }
    expect(seller).not.toBe('');

    const page = await (await newContext(browser, phone.width, phone.height)).newPage();
    await loginThroughUi(page, portal, seller, demo.pharmacist.password);
    await page.goto(`${portal.url}/settings/orders-received`);
    const ship = page.getByRole('button', { name: /^Mark shipped/ }).first();
    await ship.waitFor();
    await shotAndFitsPhone(page, 'orders-received');
    await expectOnScreen(ship, 'Mark shipped');
    await expectOnScreen(page.getByRole('table').getByText('pending', { exact: true }).first(), 'delivery status');
  });
});

/**
 * Between a tablet and a laptop (992–1280 px) the navbar shows its links in one row only where they
 * fit: no link breaks onto a second line, the header stays one row, and the page never scrolls
 * sideways, for the longest menus (the doctor's, with Add Blog) in both languages.
 */
describe('the navbar on tablets and laptops', () => {
  const widths = [992, 1024, 1199, 1200, 1280];
  for (const who of ['guest', 'doctor'] as const) {
    it(`fits ${widths.join(', ')} px as ${who === 'guest' ? 'a guest' : 'the demo doctor'}, in English and in Arabic`, async () => {
      const problems: string[] = [];
      for (const language of ['en', 'ar'] as const) {
        const context = await signedInContext(browser, portal, who === 'guest' ? null : demo.doctor, { language });
        const page = await context.newPage();
        await page.goto(`${portal.url}/blogs`);
        await page.locator('.site-navbar .navbar-nav').first().waitFor({ state: 'attached' });
        for (const width of widths) {
          await page.setViewportSize({ width, height: 800 });
          const seen = await page.evaluate(() => {
            const links = [...document.querySelectorAll<HTMLElement>('.site-navbar .navbar-nav > li > .nav-link')].filter((l) => l.offsetParent !== null);
            const heights = links.map((l) => l.getBoundingClientRect().height);
            return {
              broken: links.filter((_, i) => heights[i] > Math.min(...heights) + 4).map((l) => l.textContent?.trim()),
              header: document.querySelector('.site-navbar')!.getBoundingClientRect().height,
              sideways: document.documentElement.scrollWidth - window.innerWidth,
            };
          });
          const where = `${language} ${width}px`;
          if (seen.broken.length) problems.push(`${where}: links on two lines: ${seen.broken.join(', ')}`);
          if (seen.header > 72) problems.push(`${where}: header ${seen.header}px high`);
          if (seen.sideways > 0) problems.push(`${where}: the page scrolls ${seen.sideways}px sideways`);
        }
        await context.close();
      }
      expect(problems).toEqual([]);
    });
  }

  it('no page a patient visits scrolls sideways or breaks an email address on a tablet (768 px) or a small laptop (1024 px), in English and in Arabic', async () => {
    const paths = ['/', '/doctors', `/doctor/${encodeURIComponent(demo.doctor.name)}`, '/appointment/request', '/shop', '/cart', '/checkout'];
    paths.push('/settings/profile', '/settings/security', '/settings/notifications', '/settings/appointments', '/settings/payments', '/settings/orders');
    paths.push('/prescriptions', `/history/${demo.patient.id}`, '/blogs', '/about', '/contact', '/chat');
    const problems: string[] = [];
    for (const language of ['en', 'ar'] as const) {
      const context = await signedInContext(browser, portal, demo.patient, { language, viewport: { width: 768, height: 900 } });
      const page = await context.newPage();
      await page.goto(`${portal.url}/`);
      for (const path of paths) {
        await navigateInApp(page, path);
        await networkQuiet(page);
        for (const width of [768, 1024]) {
          await page.setViewportSize({ width, height: 900 });
          const seen = await page.evaluate(() => ({
            sideways: document.documentElement.scrollWidth - window.innerWidth,
            // An email address shown as a value (in <bdi>) is read whole: it never breaks across lines.
            brokenEmails: [...document.querySelectorAll('main bdi')]
              .filter((el) => /\S+@\S+/.test(el.textContent ?? '') && el.getClientRects().length > 1)
              .map((el) => el.textContent),
          }));
          if (seen.sideways > 0) problems.push(`${language} ${width}px ${path}: scrolls ${seen.sideways}px sideways`);
          if (seen.brokenEmails.length) problems.push(`${language} ${width}px ${path}: broken across lines: ${seen.brokenEmails.join(', ')}`);
        }
        await page.setViewportSize({ width: 768, height: 900 });
      }
      await context.close();
    }
    expect(problems).toEqual([]);
  });
});
