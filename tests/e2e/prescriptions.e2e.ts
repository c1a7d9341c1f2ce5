import type { Page } from 'playwright-core';
import {
  api,
  apiLogin,
  closeJourney,
  demo,
  expectAccessible,
  loginThroughUi,
  newContext,
  openJourney,
  screenshot,
  type Portal,
  type JourneyBrowser,
} from './harness';

/**
 * From the doctor's prescription to the pharmacy's order: the demo doctor prescribes Amoxicillin to
 * the demo patient (who has a recorded penicillin allergy), she buys it against the prescription
 * after the safety warning, and the pharmacy that sold it sees the prescription on the order.
 */

let portal: Portal;
let browser: JourneyBrowser;

/**
 * The seed's cheapest Amoxicillin 500 mg ($8.50) belongs to Mariam Said's Green Cross Pharmacy; the
 * demo pharmacist's El Ezaby Corner Pharmacy sells it at $9.25 (server/db/seed/shop.ts).
 */
const seller = { email: 'mariam.said@clinic.test', password: demo.pharmacist.password, pharmacy: 'Green Cross Pharmacy' };
/** A seeded patient without any prescription. */
const otherPatient = { email: 'mohamed.tarek@clinic.test', password: demo.patient.password };
const medicine = 'Amoxicillin 500 mg';
const historyLine = `${medicine}, 1 capsule, Three times a day, 7 days`;
const year = String((new Date().getFullYear() + 2) % 100).padStart(2, '0');

beforeAll(async () => ({ portal, browser } = await openJourney()));
afterAll(() => closeJourney({ portal, browser }));

async function signedInPage(email: string, password: string): Promise<Page> {
  const page = await (await newContext(browser)).newPage();
  await loginThroughUi(page, portal, email, password);
  return page;
}

/** Reads a sweetalert popup's text and closes it with its OK button. */
async function popup(page: Page, text: string) {
  const dialog = page.getByRole('dialog');
  await dialog.getByText(text, { exact: true }).waitFor();
  await dialog.getByRole('button', { name: 'OK' }).click();
  await dialog.waitFor({ state: 'hidden' });
}

describe('prescription journey', () => {
  let code = '';
  let orderNumber = '';

  it('the doctor prescribes Amoxicillin from the booked appointment and acknowledges the penicillin-allergy warning', async () => {
    const page = await signedInPage(demo.doctor.email, demo.doctor.password);
    await page.goto(`${portal.url}/settings/appointments`);
    await page.getByRole('button', { name: 'Write prescription for Sara Ali' }).first().click();
    const form = page.getByRole('dialog', { name: 'Write a prescription for Sara Ali' });
    await form.waitFor();
    await form.getByLabel('Search the catalogue').fill('Amoxicillin');
    await form.getByLabel('Search the catalogue').press('Enter');
    await form.getByRole('list', { name: 'Catalogue products matching Amoxicillin' }).waitFor();
    await form.getByRole('button', { name: `Choose ${medicine} (${seller.pharmacy})` }).click();
    await form.getByText(medicine, { exact: true }).waitFor();
    await form.getByLabel('Dose').fill('1 capsule');
    await form.getByLabel('Frequency').fill('Three times a day');
    await form.getByLabel('Duration').fill('7 days');
    expect(await form.getByLabel('Quantity (packs)').inputValue()).toBe('1');
    await form.getByRole('button', { name: 'Write prescription', exact: true }).click();

    // The server answers with the safety check: her penicillin allergy is named; nothing is written yet.
    const warning = form.getByRole('alert').filter({ hasText: 'Safety warning' });
    await warning
      .getByRole('list', { name: 'Safety conflicts' })
      .getByText(/Amoxicillin 500 mg contains Amoxicillin, and an allergy to Penicillin/)
      .waitFor();
    const { token: patientToken } = await apiLogin(portal, demo.patient.email, demo.patient.password);
    const before = await api(portal, 'GET', 'prescriptions', undefined, patientToken);
    expect(before.body.prescriptions.some((rx: { lines: { medicine: string }[] }) => rx.lines.some((l) => l.medicine === medicine))).toBe(false);
    await expectAccessible(page, 'prescription safety warning');
    await screenshot(page, 'prescription-doctor-warning');

    await warning.getByRole('button', { name: 'I understand, write it anyway' }).click();
    await form.waitFor({ state: 'detached' });
    const saved = page.getByRole('status').filter({ hasText: /^Prescription saved \(RX-/ });
    await saved.waitFor();
    code = /\((RX-[A-Z0-9-]+)\)/.exec((await saved.textContent()) ?? '')?.[1] ?? '';
    expect(code).toMatch(/^RX-/);
    await page.context().close();
  });

  it('the patient sees it in her history and /prescriptions, buys it after the safety warning, and pays by card', async () => {
    expect(code).not.toBe('');
    const page = await signedInPage(demo.patient.email, demo.patient.password);

    // Her medicines section lists the prescribed medicine.
    await page.goto(`${portal.url}/history/${demo.patient.id}`);
    await page.getByRole('region', { name: 'Medicines' }).getByRole('cell', { name: historyLine, exact: true }).waitFor();

    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('link', { name: 'Prescriptions', exact: true }).click();
    await page.waitForURL(`${portal.url}/prescriptions`);
    const list = page.getByRole('list', { name: 'Your prescriptions' });
    // Newest first: the one just written comes before the seeded one.
    await expect.poll(() => list.getByRole('listitem').count()).toBeGreaterThanOrEqual(2);
    const newest = list.getByRole('listitem').first();
    await newest.getByRole('link', { name: `Prescription ${code}` }).waitFor();
    await newest.getByText('Valid', { exact: true }).waitFor();
    await expectAccessible(page, 'prescriptions list');
    await newest.getByRole('link', { name: `Prescription ${code}` }).click();

    await page.getByRole('heading', { name: `Prescription ${code}`, level: 2 }).waitFor();
    await page.getByText(demo.doctor.name, { exact: false }).first().waitFor();
    // Two pharmacies sell it; the cheapest is offered first.
    const pharmacy = page.getByLabel(`Pharmacy for ${medicine}`);
    await expect.poll(async () => (await pharmacy.locator('option:checked').textContent()) ?? '').toMatch(new RegExp(`^${seller.pharmacy} — \\$8\\.50`));
    await expectAccessible(page, 'prescription page');
    await screenshot(page, 'prescription-patient');
    await page.getByRole('button', { name: 'Buy prescribed medicines' }).click();
    const bought = page.getByRole('status').filter({ hasText: 'Go to the cart' });
    await bought.getByRole('list', { name: 'Added to your cart' }).getByText(`${medicine} × 1 from ${seller.pharmacy}`).waitFor();
    await bought.getByRole('link', { name: 'Go to the cart' }).click();

    await page.waitForURL(`${portal.url}/cart`);
    await page.getByRole('group', { name: `Quantity of ${medicine}` }).waitFor();
    await page.getByTestId('cart-total').filter({ hasText: '$8.50' }).waitFor();
    await page.getByRole('link', { name: 'Proceed to checkout' }).click();

    await page.getByRole('list', { name: 'Products to pay for' }).getByText(`${medicine} × 1`).waitFor();
    await page.getByLabel('Card number *').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry month *').selectOption('08');
    await page.getByLabel('Expiry year *').selectOption(year);
    await page.getByLabel('CVC *').fill('123');
    await page.getByLabel('Location *').fill('12 Nile St, Dokki');
    await page.getByLabel('Country').selectOption('Egypt');
    await page.getByLabel('Government').selectOption('Giza');
    await page.getByRole('button', { name: 'purchase now' }).click();

    // The checkout's safety warning names her penicillin allergy; she must acknowledge it to pay.
    const warning = page.getByRole('alert').filter({ hasText: 'Safety warning' });
    await warning
      .getByRole('list', { name: 'Safety conflicts' })
      .getByText(/Amoxicillin 500 mg contains Amoxicillin, and an allergy to Penicillin/)
      .waitFor();
    const { token } = await apiLogin(portal, demo.patient.email, demo.patient.password);
    // Nothing is charged until she acknowledges: the cart still holds the medicine.
    expect((await api(portal, 'GET', 'cart', undefined, token)).body.cart?.[0]?.products?.length ?? 0).toBe(1);
    await expectAccessible(page, 'checkout safety warning');
    await screenshot(page, 'prescription-checkout-warning');
    await warning.getByRole('button', { name: 'I understand, continue' }).click();

    const done = page.getByRole('dialog').filter({ hasText: 'Payed Successfully' });
    const numbered = done.getByText(/^Your order number is .+\.$/);
    await numbered.waitFor();
    orderNumber = /^Your order number is (.+)\.$/.exec((await numbered.textContent()) ?? '')?.[1] ?? '';
    expect(orderNumber).not.toBe('');
    await page.waitForURL(`${portal.url}/settings/orders`, { timeout: 10_000 });
    await popup(page, 'Payed Successfully');
    await page.getByRole('row').filter({ hasText: orderNumber }).filter({ hasText: medicine }).first().waitFor();

    // The prescription is used up: it cannot be bought a second time.
    await page.goto(`${portal.url}/prescriptions`);
    await list
      .getByRole('listitem')
      .filter({ hasText: `Prescription ${code}` })
      .getByText('Used', { exact: true })
      .waitFor();
    expect((await api(portal, 'POST', 'cart', { product: 'amoxicillin-500-mg', quantity: '1' }, token)).status).toBe(403);
    await page.context().close();
  });

  it('the pharmacy that sold it sees the prescription code on the received order', async () => {
    expect(code).not.toBe('');
    const page = await signedInPage(seller.email, seller.password);
    await page.goto(`${portal.url}/settings/orders-received`);
    const order = page.getByRole('row').filter({ hasText: medicine }).filter({ hasText: 'Sara Ali' });
    await order.getByText(`Prescription ${code} by ${demo.doctor.name}`, { exact: false }).waitFor();
    await order.getByText('pending', { exact: true }).waitFor();
    await order.getByRole('button', { name: `Refuse: ${medicine} for Sara Ali` }).waitFor();
    await expectAccessible(page, 'orders received with a prescription');
    await screenshot(page, 'prescription-orders-received');
    await page.context().close();

    // The other pharmacy sold nothing of it.
    const { token } = await apiLogin(portal, demo.pharmacist.email, demo.pharmacist.password);
    const received = await api(portal, 'GET', 'orders/received', undefined, token);
    expect(received.status).toBe(200);
    expect(received.body.orders.some((o: { prescription?: { code: string } | null }) => o.prescription?.code === code)).toBe(false);
  });

  it('the pharmacy refuses the prescription order with a reason: the buyer reads it on her order and the prescription is valid again', async () => {
    expect(orderNumber).not.toBe('');
    const reason = 'Please bring the paper prescription: the code could not be confirmed by phone';
    const pharmacy = await signedInPage(seller.email, seller.password);
    await pharmacy.goto(`${portal.url}/settings/orders-received`);
    const order = pharmacy.getByRole('row').filter({ hasText: medicine }).filter({ hasText: 'Sara Ali' });
    await order.getByRole('button', { name: `Refuse: ${medicine} for Sara Ali` }).click();
    const dialog = pharmacy.getByRole('dialog', { name: `Refuse ${medicine} for Sara Ali` });
    await dialog.getByLabel('Reason for refusing').fill(reason);
    await dialog.getByRole('button', { name: 'Refuse the order' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await order.getByText(`Refused: ${reason}`).waitFor();
    await pharmacy.context().close();

    const page = await signedInPage(demo.patient.email, demo.patient.password);
    await page.goto(`${portal.url}/orders/${orderNumber}`);
    const line = page.getByRole('row').filter({ hasText: medicine });
    await line.getByText('cancelled', { exact: true }).waitFor();
    await line.getByText(`Refused by the pharmacy: ${reason}`).waitFor();
    await expectAccessible(page, 'order refused by the pharmacy');
    // The packs went back to the prescription, so it can be bought again.
    await page.goto(`${portal.url}/prescriptions`);
    await page
      .getByRole('list', { name: 'Your prescriptions' })
      .getByRole('listitem')
      .filter({ hasText: `Prescription ${code}` })
      .getByText('Valid', { exact: true })
      .waitFor();
    await page.context().close();
  });

  it('a patient without a prescription is refused Amoxicillin with the server’s message', async () => {
    const page = await signedInPage(otherPatient.email, otherPatient.password);
    await page.goto(`${portal.url}/shop/amoxicillin-500-mg`);
    await page.getByRole('heading', { name: medicine, level: 2 }).waitFor();
    await page.getByText('Prescription only: sold against a valid prescription from your doctor').waitFor();
    await page.getByRole('button', { name: 'Add To Cart' }).click();
    await popup(page, `${medicine} is sold only with a prescription: you need a valid prescription from your doctor that covers it`);
    await page.goto(`${portal.url}/cart`);
    await page.getByText('Your cart is empty').waitFor();
    await page.context().close();

    // The API refuses it the same way, from either pharmacy.
    const { token } = await apiLogin(portal, otherPatient.email, otherPatient.password);
    for (const slug of ['amoxicillin-500-mg', 'amoxicillin-500-mg-2']) {
      const refused = await api(portal, 'POST', 'cart', { product: slug, quantity: '1' }, token);
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe(`${medicine} is sold only with a prescription: you need a valid prescription from your doctor that covers it`);
    }
  });
});
