import type { Page } from 'playwright-core';
import {
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

const tinyPng = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

/** Reads a sweetalert popup's text and closes it with its OK button. */
async function popup(page: Page, text: string) {
  const dialog = page.getByRole('dialog');
  const message = dialog.getByText(text, { exact: true });
  await message.waitFor();
  // On a busy machine a click during the popup's entrance animation can be lost: the same popup
  // still open after a while gets its OK pressed again.
  for (let attempt = 1; ; attempt += 1) {
    await dialog.getByRole('button', { name: 'OK' }).click();
    try {
      await dialog.waitFor({ state: 'hidden', timeout: 8_000 });
      return;
    } catch (error) {
      if (attempt >= 3 || !(await message.isVisible())) throw error;
    }
  }
}

describe('shop journey', () => {
  it('a pharmacist lists a product; a patient finds it, buys two by card after a decline; the pharmacist ships it', async () => {
    const unique = Date.now().toString(36);
    const productName = `Journey Calm Tablets ${unique}`;
    // The harness returns the registration fields (email, password, username) with the new id.
    const pharmacist = (await registerAccount(portal, 'pharmacist')) as Record<string, string>;
    const patient = (await registerAccount(portal, 'patient')) as Record<string, string>;

    // The pharmacist lists a product with a photo from the settings tab.
    const seller = await (await newContext(browser)).newPage();
    await loginThroughUi(seller, portal, pharmacist.email, pharmacist.password);
    await seller.goto(`${portal.url}/settings/my-products`);
    await seller.getByRole('button', { name: 'Add product' }).click();
    const form = seller.getByRole('form', { name: 'Add a product' });
    await form.getByLabel('Name *').fill(productName);
    await form.getByLabel('Price ($) *').fill('12.50');
    await form.getByLabel('Quantity in stock *').fill('6');
    await form.getByLabel('Category *').selectOption('headache');
    await form.getByLabel('Thumbnail *').setInputFiles({ name: 'calm.png', mimeType: 'image/png', buffer: tinyPng });
    await form.getByLabel('About *').fill('Gentle relief for tension headaches.');
    await form.getByLabel('Description').fill('<p>Take <strong>one tablet</strong> with water.</p><script>alert(1)</script>');
    await form.getByLabel('Side effects').fill('<p>Rarely drowsiness.</p>');
    await screenshot(seller, 'shop-pharmacist-add-product');
    await form.getByRole('button', { name: 'Add product' }).click();
    await seller.getByText('Product added successfully').waitFor();
    await seller.getByRole('link', { name: productName }).waitFor();
    await expectAccessible(seller, 'my products');
    await screenshot(seller, 'shop-pharmacist-my-products');

    // A guest is asked to log in before adding to the cart.
    const buyer = await (await newContext(browser)).newPage();
    await buyer.goto(`${portal.url}/shop`);
    await buyer.getByRole('list', { name: 'Products' }).waitFor();
    await buyer
      .getByRole('button', { name: /^Add .* to the cart$/ })
      .first()
      .click();
    await popup(buyer, 'you must log in first');

    // The patient filters the shop, opens the product and adds two.
    await loginThroughUi(buyer, portal, patient.email, patient.password);
    await buyer.goto(`${portal.url}/shop`);
    await buyer.getByRole('list', { name: 'Products' }).waitFor();
    await expectAccessible(buyer, 'shop');
    await screenshot(buyer, 'shop-list');
    await buyer.getByRole('button', { name: 'Headache' }).click();
    await buyer.getByLabel('Search by name').fill(`calm tablets ${unique}`);
    const results = buyer.getByRole('list', { name: 'Products' });
    await results.getByRole('article').filter({ hasText: productName }).waitFor();
    await expect.poll(() => results.getByRole('article').count()).toBe(1);
    await results.getByText('$12.50').waitFor();
    await buyer.getByLabel('Search by name').fill('no such medicine anywhere');
    await buyer.getByText('There are no products found').waitFor();
    await screenshot(buyer, 'shop-none-found');
    await buyer.getByRole('button', { name: 'CLEAR FILTERS' }).click();
    await buyer.getByLabel('Search by name').fill(productName);
    await results.getByRole('link', { name: productName }).click();

    await buyer.getByRole('heading', { name: productName, level: 2 }).waitFor();
    await buyer.getByText(pharmacist.username, { exact: true }).waitFor();
    await buyer.getByText('one tablet', { exact: true }).waitFor();
    expect(await buyer.locator('.product-texts script').count()).toBe(0);
    await buyer.getByRole('button', { name: 'Increase Quantity' }).click();
    await expectAccessible(buyer, 'product');
    await screenshot(buyer, 'shop-product');
    await buyer.getByRole('button', { name: 'Add To Cart' }).click();
    await buyer.getByRole('status').filter({ hasText: 'Added to your cart' }).getByText(`${productName} × 2`).waitFor();
    await buyer.getByTestId('cart-count').filter({ hasText: '1' }).waitFor();

    // In the cart the quantity changes and the total follows.
    await buyer.getByRole('link', { name: /^Cart(, \d+ products? in the cart)?$/ }).click();
    await buyer.getByTestId('cart-total').filter({ hasText: '$25.00' }).waitFor();
    await buyer.getByRole('button', { name: `Increase the quantity of ${productName}` }).click();
    await buyer.getByTestId('cart-total').filter({ hasText: '$37.50' }).waitFor();
    await buyer.getByRole('button', { name: `Decrease the quantity of ${productName}` }).click();
    await buyer.getByTestId('cart-total').filter({ hasText: '$25.00' }).waitFor();
    await expectAccessible(buyer, 'cart');
    await screenshot(buyer, 'shop-cart');
    await buyer.getByRole('link', { name: 'Proceed to checkout' }).click();

    // A declined card shows its message and changes nothing; 4242… pays.
    await buyer.getByRole('list', { name: 'Products to pay for' }).waitFor();
    await buyer.getByLabel('Card number *').fill('4000 0000 0000 0002');
    await buyer.getByLabel('Expiry month *').selectOption('08');
    await buyer.getByLabel('Expiry year *').selectOption(String((new Date().getFullYear() + 2) % 100).padStart(2, '0'));
    await buyer.getByLabel('CVC *').fill('123');
    await buyer.getByLabel('Location *').fill('12 Nile St, Zamalek');
    await buyer.getByLabel('Country').selectOption('Egypt');
    await buyer.getByLabel('Government').selectOption('Giza');
    await expectAccessible(buyer, 'checkout');
    await screenshot(buyer, 'shop-checkout');
    await buyer.getByRole('button', { name: 'purchase now' }).click();
    await popup(buyer, 'Your card was declined.');
    await buyer.getByLabel('Card number *').fill('4242 4242 4242 4242');
    await buyer.getByRole('button', { name: 'purchase now' }).click();
    await buyer.getByRole('dialog').getByText('Payed Successfully', { exact: true }).waitFor();
    await screenshot(buyer, 'shop-paid');
    await buyer.waitForURL(`${portal.url}/settings/orders`, { timeout: 5000 });
    await popup(buyer, 'Payed Successfully');
    const myOrder = buyer.getByRole('row').filter({ hasText: productName });
    await myOrder.getByText('pending').waitFor();
    await expectAccessible(buyer, 'orders');
    await screenshot(buyer, 'shop-orders');
    await buyer.getByRole('link', { name: 'Payments' }).click();
    await buyer.getByText('•••• 4242').waitFor();
    await screenshot(buyer, 'shop-payments');

    // The pharmacist ships it; the patient sees the new status.
    await seller.goto(`${portal.url}/settings/orders-received`);
    const received = seller.getByRole('row').filter({ hasText: productName });
    await received.getByText('pending').waitFor();
    await screenshot(seller, 'shop-orders-received');
    await received.getByRole('button', { name: /^Mark shipped/ }).click();
    await received.getByText('shipped', { exact: true }).waitFor();
    await expectAccessible(seller, 'orders received');
    await screenshot(seller, 'shop-orders-shipped');

    await buyer.goto(`${portal.url}/settings/orders`);
    await buyer.getByRole('row').filter({ hasText: productName }).getByText('shipped').waitFor();

    // Two units were sold out of six.
    const { token } = await apiLogin(portal, pharmacist.email, pharmacist.password);
    const mine = await fetch(`${portal.url}/api/medicines/mine`, { headers: { authorization: token } }).then((r) => r.json());
    expect(mine.products.find((p: { name: string }) => p.name === productName).quantity).toBe(4);
  });
});
