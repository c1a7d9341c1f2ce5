import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndLogin, startTestServer, tinyPng, withToken, type TestServer } from './helpers.js';
import { checkout, listProduct, setCart, stockOf } from './shop-helpers.js';

let server: TestServer;
let pharmacist: { token: string; id: string };
let rival: { token: string };
let patient: { token: string };
beforeAll(async () => {
  server = await startTestServer({ seed: true });
  pharmacist = await signUpAndLogin(server.app, 'pharmacist');
  rival = await signUpAndLogin(server.app, 'pharmacist');
  patient = await signUpAndLogin(server.app, 'patient');
});
afterAll(async () => {
  await server?.close();
});

const png = { filename: 'p.png', content: tinyPng, type: 'image/png' };
const inject = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, token: string, fields: Parameters<typeof withToken>[1] = {}) =>
  server.app.inject({ method, url, ...withToken(token, fields) });

describe('pharmacist products', () => {
  it('lists a product with photos and a generated unique slug, with sanitized texts', async () => {
    const res = await inject('POST', '/api/medicines', pharmacist.token, {
      name: 'Soothing Balm 5%',
      price: '12.25',
      quantity: '7',
      category: 'moisturizers',
      about: 'A <b>balm</b>',
      description: '<p>Good<script>alert(1)</script></p><img src=x onerror="alert(1)">',
      indications: '<a href="javascript:alert(1)">x</a>',
      sideEffects: '<p>None</p>',
      contraindicationsAndWarnings: '<p onclick="x()">Careful</p>',
      thumbnail: png,
      photos: png,
    });
    expect(res.statusCode).toBe(200);
    const { product } = res.json();
    expect(product.slug).toBe('soothing-balm-5-percent');
    expect(product.price).toBe(12.25);
    expect(product.quantity).toBe(7);
    expect(product.photos).toHaveLength(1);
    expect(product.category.slug).toBe('moisturizers');
    expect(product.description).toBe('<p>Good</p>');
    expect(product.indications).not.toContain('javascript');
    expect(product.contraindicationsAndWarnings).toBe('<p>Careful</p>');
    expect(product.about).toBe('A balm');

    const again = await listProduct(server.app, pharmacist.token, { name: 'Soothing Balm 5%' });
    expect(again.slug).toBe('soothing-balm-5-percent-2');
    const shown = await server.app.inject({ method: 'GET', url: '/api/medicine/?product=soothing-balm-5-percent' });
    expect(shown.json().product.owner._id).toBe(pharmacist.id);
  });

  it('refuses guests, other roles and bad input with messages', async () => {
    expect((await inject('POST', '/api/medicines', 'null', { name: 'x' })).statusCode).toBe(401);
    const asPatient = await inject('POST', '/api/medicines', patient.token, { name: 'x' });
    expect(asPatient.statusCode).toBe(403);
    expect(asPatient.json().message).toBe('Only pharmacists can do this');
    const base = { name: 'Valid', price: '1', quantity: '1', category: 'headache', about: 'x', thumbnail: png };
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ name: '' }, /name/],
      [{ price: '0' }, /price/],
      [{ price: 'abc' }, /price/],
      [{ price: '1.234' }, /two decimals/],
      [{ quantity: '-1' }, /quantity/],
      [{ quantity: '1.5' }, /quantity/],
      [{ category: 'nope' }, /category/],
      [{ about: '' }, /about/],
    ];
    for (const [override, message] of cases) {
      const res = await inject('POST', '/api/medicines', pharmacist.token, { ...base, ...override } as Parameters<typeof withToken>[1]);
      expect(res.statusCode, JSON.stringify(override)).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    const { thumbnail: _omit, ...noThumb } = base;
    expect((await inject('POST', '/api/medicines', pharmacist.token, noThumb)).json().message).toMatch(/thumbnail/);
    const notImage = await inject('POST', '/api/medicines', pharmacist.token, {
      ...base,
      thumbnail: { filename: 'a.png', content: Buffer.from('not an image') },
    });
    expect(notImage.statusCode).toBe(400);
  });

  it('says which product field is wrong, in the order of the form, after whose product it is', async () => {
    const base = { name: 'Checked', price: '1', quantity: '1', category: 'headache', about: 'x', thumbnail: png };
    const cases: [Record<string, unknown>, string][] = [
      [{ name: 'x'.repeat(201) }, 'The product name can be at most 200 characters long'],
      [{ price: '100001' }, 'The price can be at most 100000'],
      [{ quantity: '1000001' }, 'The quantity in stock can be at most 1000000'],
      [{ category: '' }, 'Please choose a category'],
      [{ brand: 'b'.repeat(101) }, 'The brand can be at most 100 characters long'],
      [{ activeIngredients: Array.from({ length: 21 }, (_, i) => `ing${i}`).join(',') }, 'A product can list at most 20 active ingredients'],
      [{ activeIngredients: 'a'.repeat(81) }, 'Each active ingredient can be at most 80 characters long'],
      [{ prescriptionOnly: 'maybe' }, 'prescriptionOnly must be true or false'],
      [{ name: '', price: '0', prescriptionOnly: 'maybe' }, 'Please enter the product name'],
      [{ price: '0', quantity: '-1' }, 'Please enter a price greater than 0'],
    ];
    for (const [override, message] of cases) {
      const res = await inject('POST', '/api/medicines', pharmacist.token, { ...base, ...override } as Parameters<typeof withToken>[1]);
      expect(res.statusCode, JSON.stringify(override)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect((await inject('POST', '/api/medicines', patient.token, { price: 'abc' })).statusCode).toBe(403);

    const p = await listProduct(server.app, pharmacist.token, { name: 'Checked edit' });
    const blankLeftAlone = await inject('PATCH', `/api/medicine/?product=${p.slug}`, pharmacist.token, { name: '', price: '', quantity: '4' });
    expect(blankLeftAlone.json().product).toMatchObject({ name: 'Checked edit', price: p.price, quantity: 4 });
    const badEdit = await inject('PATCH', `/api/medicine/?product=${p.slug}`, pharmacist.token, { price: '1.234' });
    expect(badEdit.json().message).toBe('The price can have at most two decimals');
    expect((await inject('PATCH', `/api/medicine/?product=${p.slug}`, rival.token, { price: '1.234' })).statusCode).toBe(403);
    expect((await inject('PATCH', '/api/medicine/?product=nope', pharmacist.token, { price: '1.234' })).statusCode).toBe(404);
  });

  it('edits and deletes only own products; lists own products with stock', async () => {
    const p = await listProduct(server.app, pharmacist.token, { name: 'Editable', quantity: '3' });
    const edit = await inject('PATCH', `/api/medicine/?product=${p.slug}`, pharmacist.token, {
      price: '9.99',
      quantity: '0',
      sideEffects: '<p>Drowsiness</p>',
    });
    expect(edit.statusCode).toBe(200);
    expect(edit.json().product).toMatchObject({ slug: p.slug, name: 'Editable', price: 9.99, quantity: 0, sideEffects: '<p>Drowsiness</p>' });

    const foreign = await inject('PATCH', `/api/medicine/?product=${p.slug}`, rival.token, { price: '1' });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().message).toBe('Only the pharmacist who sells this product can change it');
    expect((await inject('DELETE', `/api/medicine/?product=${p.slug}`, rival.token)).statusCode).toBe(403);
    expect((await inject('PATCH', '/api/medicine/?product=nope', pharmacist.token, { price: '1' })).statusCode).toBe(404);

    const mine = await inject('GET', '/api/medicines/mine', pharmacist.token);
    expect(mine.json().products.map((x: { slug: string }) => x.slug)).toContain(p.slug);
    expect((await inject('GET', '/api/medicines/mine', rival.token)).json().products.map((x: { slug: string }) => x.slug)).not.toContain(p.slug);

    const del = await inject('DELETE', `/api/medicine/?product=${p.slug}`, pharmacist.token);
    expect(del.statusCode).toBe(200);
    expect((await server.app.inject({ method: 'GET', url: `/api/medicine/?product=${p.slug}` })).statusCode).toBe(404);
    expect((await inject('GET', '/api/medicines/mine', pharmacist.token)).json().products.map((x: { slug: string }) => x.slug)).not.toContain(p.slug);
  });
});

describe('orders received', () => {
  it('shows the orders for own products and moves them pending → shipped → delivered', async () => {
    const p = await listProduct(server.app, pharmacist.token, { name: 'Deliverable', quantity: '5', price: '4' });
    await setCart(server.app, patient.token, p.slug, 2);
    expect((await checkout(server.app, patient.token)).statusCode).toBe(200);

    const received = (await inject('GET', '/api/orders/received', pharmacist.token)).json().orders;
    const order = received.find((o: { medicine: { slug: string } }) => o.medicine.slug === p.slug);
    expect(order).toMatchObject({ quantity: 2, price: 8, deliveryStatus: 'pending', nextStatuses: ['shipped', 'cancelled'], location: '12 Nile St, Zamalek' });
    expect(order.buyer.name).toBeTruthy();
    expect((await inject('GET', '/api/orders/received', rival.token)).json().orders).toEqual([]);
    expect((await inject('GET', '/api/orders/received', patient.token)).statusCode).toBe(403);

    const foreign = await inject('PATCH', `/api/orders/status/?order=${order._id}`, rival.token, { status: 'shipped' });
    expect(foreign.statusCode).toBe(403);
    const skip = await inject('PATCH', `/api/orders/status/?order=${order._id}`, pharmacist.token, { status: 'delivered' });
    expect(skip.statusCode).toBe(409);
    expect(skip.json().message).toBe('An order that is pending cannot become delivered');
    expect((await inject('PATCH', `/api/orders/status/?order=${order._id}`, pharmacist.token, { status: 'lost' })).statusCode).toBe(400);
    expect((await inject('PATCH', '/api/orders/status/?order=nope', pharmacist.token, { status: 'shipped' })).statusCode).toBe(404);

    const lost = await inject('PATCH', `/api/orders/status/?order=${order._id}`, pharmacist.token, { status: 'lost', reason: 'r'.repeat(501) });
    expect(lost.json().message).toBe('The delivery status must be pending, shipped, delivered or cancelled');
    const longReason = await inject('PATCH', `/api/orders/status/?order=${order._id}`, pharmacist.token, { status: 'cancelled', reason: 'r'.repeat(501) });
    expect(longReason.statusCode).toBe(400);
    expect(longReason.json().message).toBe('The reason can be at most 500 characters long');
    expect((await inject('PATCH', `/api/orders/status/?order=${order._id}`, rival.token, { status: 'lost' })).statusCode).toBe(403);
    expect((await inject('PATCH', '/api/orders/status/?order=nope', pharmacist.token, { status: 'lost' })).statusCode).toBe(404);

    const shipped = await inject('PATCH', `/api/orders/status/?order=${order._id}`, pharmacist.token, { status: 'shipped' });
    expect(shipped.statusCode).toBe(200);
    expect(shipped.json().order.deliveryStatus).toBe('shipped');
    const mine = (await inject('GET', '/api/orders/user', patient.token)).json().orders;
    expect(mine.find((o: { _id: string }) => o._id === order._id).deliveryStatus).toBe('shipped');

    const delivered = await inject('PATCH', `/api/orders/status/?order=${order._id}`, pharmacist.token, { status: 'delivered' });
    expect(delivered.json().order).toMatchObject({ deliveryStatus: 'delivered', nextStatuses: [] });
    expect((await inject('PATCH', `/api/orders/status/?order=${order._id}`, pharmacist.token, { status: 'cancelled' })).statusCode).toBe(409);
  });

  it('returns the stock when an order is cancelled, once even when cancelled twice at once', async () => {
    const p = await listProduct(server.app, pharmacist.token, { name: 'Cancellable', quantity: '5' });
    await setCart(server.app, patient.token, p.slug, 3);
    expect((await checkout(server.app, patient.token)).statusCode).toBe(200);
    expect(await stockOf(server.app, p.slug)).toBe(2);
    const order = (await inject('GET', '/api/orders/received', pharmacist.token))
      .json()
      .orders.find((o: { medicine: { slug: string } }) => o.medicine.slug === p.slug);
    const answers = await Promise.all([1, 2].map(() => inject('PATCH', `/api/orders/status/?order=${order._id}`, pharmacist.token, { status: 'cancelled' })));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(await stockOf(server.app, p.slug)).toBe(5);
  });
});
