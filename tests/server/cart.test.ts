import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { multipart, signUpAndLogin, startTestServer, withToken, type TestServer } from './helpers.js';
import { listProduct, setCart } from './shop-helpers.js';

let server: TestServer;
let patient: { token: string };
let pharmacist: { token: string };
beforeAll(async () => {
  server = await startTestServer({ seed: true });
  patient = await signUpAndLogin(server.app, 'patient');
  pharmacist = await signUpAndLogin(server.app, 'pharmacist');
});
afterAll(async () => {
  await server?.close();
});

const getCart = (token: string) => server.app.inject({ method: 'GET', url: '/api/cart', headers: { authorization: token } });

describe('cart', () => {
  it('refuses guests with Unauthorized', async () => {
    const get = await getCart('null');
    expect(get.statusCode).toBe(401);
    expect(get.json().message).toBe('Unauthorized');
    const post = await server.app.inject({ method: 'POST', url: '/api/cart', ...withToken('null', { product: 'paracetamol-500-mg', quantity: '1' }) });
    expect(post.statusCode).toBe(401);
    expect(post.json().message).toBe('Unauthorized');
  });

  it('starts empty as an empty array', async () => {
    const res = await getCart(patient.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().cart).toEqual([]);
  });

  it('sets absolute quantities, recomputes the total and returns the cart as an object', async () => {
    let res = await setCart(server.app, patient.token, 'paracetamol-500-mg', 2);
    expect(res.statusCode).toBe(200);
    let { cart } = res.json();
    expect(cart.products).toHaveLength(1);
    expect(cart.products[0].quantity).toBe(2);
    expect(cart.products[0].product).toMatchObject({ slug: 'paracetamol-500-mg', name: 'Paracetamol 500 mg', price: 3.5 });
    expect(typeof cart.products[0].product.thumbnail).toBe('string');
    expect(cart.total).toBe(7);

    res = await setCart(server.app, patient.token, 'paracetamol-500-mg', 3);
    cart = res.json().cart;
    expect(cart.products).toHaveLength(1);
    expect(cart.products[0].quantity).toBe(3);
    res = await setCart(server.app, patient.token, 'ibuprofen-400-mg', 1);
    cart = res.json().cart;
    expect(cart.products).toHaveLength(2);
    expect(cart.total).toBe(15.7);

    const list = (await getCart(patient.token)).json().cart;
    expect(Array.isArray(list)).toBe(true);
    expect(list[0].products).toHaveLength(2);
  });

  it("refuses more than the stock with 'Out of stock quantity'", async () => {
    const res = await setCart(server.app, patient.token, 'home-ecg-monitor', 5);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Out of stock quantity');
    const none = await setCart(server.app, patient.token, 'family-first-aid-kit', 1);
    expect(none.json().message).toBe('Out of stock quantity');
  });

  it('refuses bad quantities and unknown products with a message', async () => {
    for (const q of ['-1', '1.5', 'abc']) {
      const res = await setCart(server.app, patient.token, 'paracetamol-500-mg', q);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/quantity/);
    }
    expect((await setCart(server.app, patient.token, 'no-such-thing', 1)).statusCode).toBe(404);
    const noProduct = await server.app.inject({ method: 'POST', url: '/api/cart', ...withToken(patient.token, { quantity: '1' }) });
    expect(noProduct.statusCode).toBe(400);
  });

  it('takes a line out with quantity 0 or a remove call; an emptied cart is []', async () => {
    let res = await setCart(server.app, patient.token, 'ibuprofen-400-mg', 0);
    expect(res.json().cart.products).toHaveLength(1);
    res = await server.app.inject({ method: 'DELETE', url: '/api/cart/?product=paracetamol-500-mg', headers: { authorization: patient.token } });
    expect(res.statusCode).toBe(200);
    expect(res.json().cart.products).toHaveLength(0);
    expect(res.json().cart.total).toBe(0);
    expect((await getCart(patient.token)).json().cart).toEqual([]);
    for (const query of ['', '?product=', '?product=undefined']) {
      const unnamed = await server.app.inject({ method: 'DELETE', url: `/api/cart/${query}`, headers: { authorization: patient.token } });
      expect(unnamed.statusCode).toBe(400);
      expect(unnamed.json().message).toBe('Please choose a product');
    }
    const guest = await server.app.inject({ method: 'DELETE', url: '/api/cart/?product=', headers: { authorization: 'null' } });
    expect(guest.statusCode).toBe(401);
  });

  it('keeps carts apart per user and drops lines of a product its pharmacist stops selling', async () => {
    const product = await listProduct(server.app, pharmacist.token, { name: 'Cart Test Drops' });
    const other = await signUpAndLogin(server.app, 'patient');
    await setCart(server.app, other.token, product.slug, 2);
    expect((await getCart(patient.token)).json().cart).toEqual([]);
    expect((await getCart(other.token)).json().cart[0].products).toHaveLength(1);
    const own = await setCart(server.app, pharmacist.token, product.slug, 1);
    expect(own.statusCode).toBe(403);
    await server.app.inject({ method: 'DELETE', url: `/api/medicine/?product=${product.slug}`, headers: { authorization: pharmacist.token } });
    expect((await getCart(other.token)).json().cart).toEqual([]);
  });

  it('writes changes sent at the same time together, and answers each with its own cart after they are written', async () => {
    // One after another: logins at the same time from one address would count as a burst of attempts.
    const patients = [];
    for (let i = 0; i < 6; i++) patients.push(await signUpAndLogin(server.app, 'patient'));
    const products = ['paracetamol-500-mg', 'ibuprofen-400-mg', 'assorted-plasters'];
    // Counts the statements that write cart lines, however they are built (all go through the
    // executor), and holds the first one back a moment, so the other changes surely arrive while it runs.
    const executor = server.app.db.getExecutor();
    const execute = executor.executeQuery.bind(executor);
    let held = false;
    const spy = vi.spyOn(executor, 'executeQuery').mockImplementation(async (query) => {
      if (!held && /^insert into "cart_items"/i.test(query.sql)) {
        held = true;
        await new Promise((resolve) => setTimeout(resolve, 300));
      }
      return execute(query);
    });
    let answers, lineWrites;
    try {
      answers = await Promise.all(
        patients.flatMap((p, i) => [setCart(server.app, p.token, products[i % 3]!, 1 + (i % 2)), setCart(server.app, p.token, products[(i + 1) % 3]!, 2)]),
      );
      lineWrites = spy.mock.calls.filter(([query]) => /^insert into "cart_items"/i.test(query.sql)).length;
    } finally {
      spy.mockRestore();
    }
    // One statement for the first change (nothing else was running), then few for the other 11 (12 before).
    expect(lineWrites).toBeGreaterThanOrEqual(1);
    expect(lineWrites).toBeLessThanOrEqual(4);
    answers.forEach((res) => expect(res.statusCode).toBe(200));
    for (const [i, p] of patients.entries()) {
      const wanted = { [products[i % 3]!]: 1 + (i % 2), [products[(i + 1) % 3]!]: 2 };
      // Each answer came after its own change was written, and shows no one else's lines.
      for (const res of answers.slice(2 * i, 2 * i + 2)) {
        const lines = res.json().cart.products as Array<{ product: { slug: string }; quantity: number }>;
        for (const line of lines) expect(wanted[line.product.slug]).toBe(line.quantity);
      }
      expect(answers[2 * i + 1]!.json().cart.products.length + answers[2 * i]!.json().cart.products.length).toBeGreaterThanOrEqual(3);
      const stored = (await getCart(p.token)).json().cart[0].products as Array<{ product: { slug: string }; quantity: number }>;
      expect(Object.fromEntries(stored.map((l) => [l.product.slug, l.quantity]))).toEqual(wanted);
    }
  });

  it('keeps the last of several changes of one line sent at the same time, as if sent one after another', async () => {
    const buyer = await signUpAndLogin(server.app, 'patient');
    const answers = await Promise.all([1, 2, 3, 4, 5].map((q) => setCart(server.app, buyer.token, 'ibuprofen-400-mg', q)));
    answers.forEach((res) => expect(res.statusCode).toBe(200));
    const stored = (await getCart(buyer.token)).json().cart[0].products;
    expect(stored).toHaveLength(1);
    // The answer of the change written last shows what is stored; none shows a quantity never asked for.
    const shown = answers.map((res) => res.json().cart.products[0].quantity);
    expect(shown).toContain(stored[0].quantity);
    shown.forEach((quantity) => expect([1, 2, 3, 4, 5]).toContain(quantity));
  });

  it('takes lines out and puts others in at the same time', async () => {
    const buyer = await signUpAndLogin(server.app, 'patient');
    await setCart(server.app, buyer.token, 'paracetamol-500-mg', 2);
    const answers = await Promise.all([setCart(server.app, buyer.token, 'paracetamol-500-mg', 0), setCart(server.app, buyer.token, 'ibuprofen-400-mg', 3)]);
    answers.forEach((res) => expect(res.statusCode).toBe(200));
    const stored = (await getCart(buyer.token)).json().cart[0].products;
    expect(stored.map((l: { product: { slug: string }; quantity: number }) => [l.product.slug, l.quantity])).toEqual([['ibuprofen-400-mg', 3]]);
  });
});

/**
 * A small form of a route without files is parsed whole (plugins/forms.ts), a bigger one streamed
 * by the upload parser: both read the same fields and keep the same limits.
 */
it('reads a small form and a big one alike, with the same limits', async () => {
  const { token } = await signUpAndLogin(server.app, 'patient');
  const [first, second] = ['paracetamol-500-mg', 'ibuprofen-400-mg'];
  const cart = (fields: Parameters<typeof withToken>[1]) => server.app.inject({ method: 'POST', url: '/api/cart', ...withToken(token, fields) });
  const lines = (res: { json: () => any }) => res.json().cart.products.map((l: any) => [l.product.slug, l.quantity]);
  // A field the route does not name pads the form past the size read whole.
  const padding = { note: 'x'.repeat(70 * 1024) };
  expect(multipart({ product: first, quantity: '2' }).payload.length).toBeLessThan(64 * 1024);
  expect(multipart({ product: first, quantity: '2', ...padding }).payload.length).toBeGreaterThan(64 * 1024);

  const small = await cart({ product: first, quantity: '2' });
  expect(small.statusCode, small.body).toBe(200);
  const big = await cart({ product: second, quantity: '3', ...padding });
  expect(big.statusCode, big.body).toBe(200);
  expect(lines(big)).toEqual([
    [first, 2],
    [second, 3],
  ]);

  // A field sent twice keeps its last value, and Arabic text reads the same, both ways.
  for (const extra of [{}, padding]) {
    const pairs = [['product', second], ['quantity', '1'], ...Object.entries(extra), ['quantity', '4']];
    const boundary = '----twice';
    const payload = Buffer.from(
      `${pairs.map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`).join('')}--${boundary}--\r\n`,
    );
    const twice = await server.app.inject({
      method: 'POST',
      url: '/api/cart',
      payload,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: token },
    });
    expect(twice.statusCode, twice.body).toBe(200);
    expect(lines(twice)).toContainEqual([second, 4]);
    const arabic = await cart({ product: 'دواء غير موجود', quantity: '1', ...extra });
    expect(arabic.statusCode).toBe(404);
  }

  // The existing client's empty file part (an untouched picker) is let by; a real file is not.
  const emptyPicker = await cart({ product: first, quantity: '1', photo: { filename: '', content: Buffer.alloc(0) } });
  expect(emptyPicker.statusCode, emptyPicker.body).toBe(200);
  for (const extra of [{}, padding]) {
    const file = await cart({ product: first, quantity: '1', ...extra, photo: { filename: 'a.png', content: Buffer.from('x') } });
    expect(file.statusCode).toBe(400);
    expect(file.json().message).toBe('This form does not take files');
    const many = await cart({ product: first, quantity: '1', ...extra, ...Object.fromEntries(Array.from({ length: 101 }, (_, i) => [`f${i}`, 'v'])) });
    expect(many.statusCode).toBe(400);
    expect(many.json().message).toBe('Too many fields in one request');
  }

  // A broken form is refused with a message, never a 5xx.
  const form = multipart({ product: first, quantity: '1' });
  for (const payload of [form.payload.subarray(0, 30), Buffer.from('no parts at all')]) {
    const res = await server.app.inject({ method: 'POST', url: '/api/cart', payload, headers: { ...form.headers, authorization: token } });
    expect(res.statusCode).toBe(400);
    expect(typeof res.json().message).toBe('string');
  }
});
