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
import { cardForm } from '../server/card-form';

let portal: Portal;
let browser: JourneyBrowser;
beforeAll(async () => ({ portal, browser } = await openJourney()));
afterAll(() => closeJourney({ portal, browser }));

describe('shop search journey', () => {
  it('finds a medicine with a typo, shares a filtered link, and Back from page 2 returns to page 1', async () => {
    const page = await (await newContext(browser)).newPage();
    await page.goto(`${portal.url}/shop`);
    const products = page.getByRole('list', { name: 'Products' });
    await products.waitFor();
    await page.getByLabel('Search by name, ingredient, brand or use').fill('paracetmol');
    await products.getByRole('link', { name: 'Paracetamol Extra 500/65 mg' }).waitFor();
    // The two named Paracetamol, then the two holding it among their active ingredients.
    await expect.poll(() => products.getByRole('article').count()).toBe(4);
    await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe('paracetmol');
    // An active ingredient its name does not mention finds the medicine.
    await page.getByLabel('Search by name, ingredient, brand or use').fill('pseudoephedrine');
    await products.getByRole('link', { name: 'Cold & Flu Day/Night' }).waitFor();
    await expect.poll(() => products.getByRole('article').count()).toBe(1);
    // The brand finds the same products.
    await page.getByLabel('Search by name, ingredient, brand or use').fill('Panadol');
    await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe('Panadol');
    await expect.poll(() => products.getByRole('article').count()).toBe(2);
    await screenshot(page, 'shop-search-typo');

    // A shared link opens the same filtered, sorted view.
    const shared = await (await newContext(browser)).newPage();
    await shared.goto(`${portal.url}/shop?category=pain-relief&sort=price-desc`);
    const sharedList = shared.getByRole('list', { name: 'Products' });
    await sharedList.getByRole('article').first().waitFor();
    await expect.poll(() => sharedList.getByRole('article').count()).toBe(7);
    expect(await shared.getByLabel('Sort by').inputValue()).toBe('price-desc');
    const prices = (await sharedList.locator('.product-card__price').allTextContents()).map((p) => Number(p.replace('$', '')));
    expect(prices).toEqual([...prices].sort((a, b) => b - a));
    await expectAccessible(shared, 'shop shared link');

    // Page 2 is a history entry: Back returns to page 1 of the shop.
    await page.goto(`${portal.url}/shop`);
    await products.waitFor();
    const firstOnPage1 = await products.getByRole('article').first().textContent();
    await page.getByRole('navigation', { name: 'Product pages' }).getByRole('button', { name: '2' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('page')).toBe('2');
    await expect.poll(() => products.getByRole('article').first().textContent()).not.toBe(firstOnPage1);
    await page.goBack();
    await expect.poll(() => new URL(page.url()).pathname + new URL(page.url()).search).toBe('/shop');
    await expect.poll(() => products.getByRole('article').first().textContent()).toBe(firstOnPage1);
  });

  it('on a phone the filters wait behind a Filters button, and adding to the cart shows the mini-cart', async () => {
    const patient = (await registerAccount(portal, 'patient')) as Record<string, string>;
    const page = await (await newContext(browser, 390, 844)).newPage();
    await loginThroughUi(page, portal, patient.email, patient.password);
    await page.goto(`${portal.url}/shop`);
    const products = page.getByRole('list', { name: 'Products' });
    await products.waitFor();
    const search = page.getByLabel('Search by name, ingredient, brand or use');
    expect(await search.isVisible()).toBe(false);
    // The first product is on the first screen, not under the filters.
    const top = await products.getByRole('article').first().boundingBox();
    expect(top && top.y).toBeLessThan(844);
    await expectAccessible(page, 'shop on a phone');
    await page.getByRole('button', { name: 'Filters' }).click();
    const panel = page.getByRole('dialog', { name: 'Filters' });
    await panel.waitFor();
    await search.fill('ibuprofn');
    await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe('ibuprofn');
    await panel.getByRole('button', { name: /^Show 1 product$/ }).click();
    await panel.waitFor({ state: 'hidden' });
    await products.getByRole('button', { name: 'Add Ibuprofen 400 mg to the cart' }).click();
    const toast = page.getByRole('status').filter({ hasText: 'Added to your cart' });
    await toast.getByText('Ibuprofen 400 mg × 1').waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    await screenshot(page, 'shop-mini-cart-phone');
    await toast.getByRole('link', { name: 'View cart' }).click();
    await page.waitForURL(`${portal.url}/cart`);
  });
});

describe('order journey', () => {
  it('opens an order from the orders tab, prints it, reorders it and cancels it with a refund', async () => {
    const patient = (await registerAccount(portal, 'patient')) as Record<string, string>;
    const { token } = await apiLogin(portal, patient.email, patient.password);
    expect((await api(portal, 'POST', 'cart', { product: 'vitamin-d3-5000-iu', quantity: '2' }, token)).status).toBe(200);
    const paid = await api(portal, 'POST', 'checkout', cardForm(), token);
    expect(paid.status).toBe(200);
    const number = paid.body.payment.orderNumber as string;

    const page = await (await newContext(browser)).newPage();
    await loginThroughUi(page, portal, patient.email, patient.password);
    await page.goto(`${portal.url}/settings/orders`);
    await page.getByRole('link', { name: `Order ${number}: Vitamin D3 5000 IU` }).click();
    await page.waitForURL(`${portal.url}/orders/${number}`);
    await page.getByRole('heading', { name: `Order ${number}`, level: 2 }).waitFor();
    await page.getByTestId('order-total').filter({ hasText: '$22.00 USD' }).waitFor();
    await page.getByText('visa •••• 4242', { exact: false }).waitFor();
    await expectAccessible(page, 'order page');
    await screenshot(page, 'order-page');

    // The receipt prints the order alone: the site's navigation and the buttons are not printed.
    await page.emulateMedia({ media: 'print' });
    expect(await page.getByRole('button', { name: 'Print receipt' }).isVisible()).toBe(false);
    expect(await page.locator('header.site-navbar').isVisible()).toBe(false);
    expect(await page.getByTestId('order-total').isVisible()).toBe(true);
    const pdf = await page.pdf();
    expect(pdf.byteLength).toBeGreaterThan(1000);
    await page.emulateMedia({ media: 'screen' });

    await page.getByRole('button', { name: 'Reorder' }).click();
    await page.getByRole('status').filter({ hasText: 'One product is back in your cart.' }).waitFor();
    await page.getByTestId('cart-count').filter({ hasText: '1' }).waitFor();

    await page.getByRole('button', { name: 'Cancel order' }).click();
    await page.getByRole('button', { name: 'Yes, cancel the order' }).click();
    await page.getByText(`Your order ${number} is cancelled and the money is refunded to your visa card ending in 4242.`).waitFor();
    await page.getByTestId('order-status').filter({ hasText: 'cancelled' }).waitFor();
    await page.getByTestId('order-refunded').filter({ hasText: '$22.00' }).waitFor();
    expect(await page.getByRole('button', { name: 'Cancel order' }).count()).toBe(0);
    await screenshot(page, 'order-cancelled');

    // Someone else's order does not exist for her.
    const other = (await registerAccount(portal, 'patient')) as Record<string, string>;
    const stranger = await (await newContext(browser)).newPage();
    await loginThroughUi(stranger, portal, other.email, other.password);
    await stranger.goto(`${portal.url}/orders/${number}`);
    await stranger.getByText('This order does not exist').waitFor();
  });
});
