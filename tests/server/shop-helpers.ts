import type { App } from '../../server/types.js';
import { cardForm } from './card-form.js';
import { signUpAndLogin, startTestServer, tinyPng, withToken } from './helpers.js';

export { cardForm } from './card-form.js';

/** A checkout test file's server: seeded, with an approved pharmacist to list the products sold. */
export async function startShop(env: Record<string, string> = {}) {
  const server = await startTestServer({ seed: true, env });
  return { server, pharmacist: await signUpAndLogin(server.app, 'pharmacist') };
}

export const declinedCard = '4000 0000 0000 0002';

/** Lists a product as a pharmacist and returns its slug. */
export async function listProduct(app: App, token: string, overrides: Record<string, string> = {}) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/medicines',
    ...withToken(token, {
      name: 'Test Remedy',
      price: '10.50',
      quantity: '5',
      category: 'headache',
      about: 'A test remedy.',
      description: '<p>Good <script>alert(1)</script>stuff</p>',
      indications: '<ul><li>Headache</li></ul>',
      sideEffects: '<p>None known</p>',
      contraindicationsAndWarnings: '<p onclick="x()">Not for children</p>',
      thumbnail: { filename: 'thumb.png', content: tinyPng, type: 'image/png' },
      ...overrides,
    }),
  });
  if (res.statusCode !== 200) throw new Error(`listing failed: ${res.body}`);
  return res.json().product as { slug: string; _id: string; quantity: number; price: number };
}

export async function setCart(app: App, token: string, product: string, quantity: number | string) {
  return app.inject({ method: 'POST', url: '/api/cart', ...withToken(token, { product, quantity: String(quantity) }) });
}

export async function checkout(app: App, token: string, fields: Record<string, string> = {}, key?: string) {
  const form = withToken(token, cardForm(fields));
  return app.inject({ method: 'POST', url: '/api/checkout', payload: form.payload, headers: { ...form.headers, ...(key ? { 'idempotency-key': key } : {}) } });
}

export async function stockOf(app: App, slug: string): Promise<number> {
  const res = await app.inject({ method: 'GET', url: `/api/medicine/?product=${slug}` });
  return res.json().product.quantity;
}
