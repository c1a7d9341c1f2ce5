import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ seed: true });
});
afterAll(async () => {
  await server?.close();
});

const get = (url: string, authorization = 'null') => server.app.inject({ method: 'GET', url, headers: { authorization } });
const find = (query: string) => server.app.inject({ method: 'POST', url: `/api/medicines/find/?${query}`, headers: { authorization: 'null' } });

describe('catalogue', () => {
  it('pages the catalogue with numeric prices and string thumbnails, ignoring a null token', async () => {
    const res = await get('/api/medicines/?page=1');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.page).toBe(1);
    expect(body.results).toBe(52);
    expect(body.pages).toBe(Math.ceil(52 / 12));
    expect(body.products).toHaveLength(12);
    for (const p of body.products) {
      expect(typeof p.price).toBe('number');
      expect(typeof p.thumbnail).toBe('string');
      expect(p.thumbnail).not.toBe('');
      expect(typeof p.slug).toBe('string');
    }
    const last = await get(`/api/medicines/?page=${body.pages}`);
    expect(last.json().products).toHaveLength(52 - 12 * (body.pages - 1));
    const names = new Set([...body.products, ...last.json().products].map((p: { slug: string }) => p.slug));
    expect(names.size).toBe(body.products.length + last.json().products.length);
  });

  it('treats a missing page as the first, clamps a page past the end, refuses a bad one', async () => {
    expect((await get('/api/medicines')).json().page).toBe(1);
    expect((await get('/api/medicines/?page=999')).json().page).toBe(5);
    const bad = await get('/api/medicines/?page=abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/page/);
  });

  it('refuses a bad sort or price with its own sentence, the first problem first', async () => {
    const message = async (answer: Promise<{ statusCode: number; json: () => { message: string } }>) => {
      const res = await answer;
      expect(res.statusCode).toBe(400);
      return res.json().message;
    };
    expect(await message(get('/api/medicines/?page=0&sort=cheap'))).toBe('The page must be a whole number of 1 or more');
    // Page numbers too large for an offset are refused with the same sentence, never a 500.
    for (const page of ['1e20', '99999999999999999999', '1e3', '9999999']) {
      expect(await message(get(`/api/medicines/?page=${page}`)), page).toBe('The page must be a whole number of 1 or more');
    }
    expect(await message(get('/api/medicines/?sort=cheap&minPrice=-1'))).toBe('The sort must be one of relevance, price-asc, price-desc, newest');
    expect(await message(get('/api/medicines/?minPrice=-1&maxPrice=x'))).toBe('The lowest price must be a number of 0 or more');
    expect(await message(find('maxPrice=x'))).toBe('The highest price must be a number of 0 or more');
    expect(await message(find('minPrice=5&maxPrice=4'))).toBe('The lowest price must not be above the highest price');
  });

  it('filters by name, price range, category or sub-category and pharmacy; empty values mean no filter', async () => {
    const all = await find('name=&minPrice=0&maxPrice=500&category=&pharmacy=');
    expect(all.statusCode).toBe(200);
    expect(all.json().product).toHaveLength(52);

    const para = await find('name=PARACETAMOL&minPrice=0&maxPrice=500&category=&pharmacy=');
    // The name box is the shop's search: medicines named after it first, then those holding it as an ingredient.
    const paraNames: string[] = para.json().product.map((p: { name: string }) => p.name);
    expect(paraNames.slice(0, 2).sort()).toEqual(['Paracetamol 500 mg', 'Paracetamol Extra 500/65 mg']);
    expect(paraNames.slice(2).sort()).toEqual(['Cold & Flu Day/Night', 'Migraine Relief Duo']);

    const cheap = (await find('name=&minPrice=3.5&maxPrice=4&category=&pharmacy=')).json().product as { price: number }[];
    expect(cheap.length).toBeGreaterThan(0);
    for (const p of cheap) expect(p.price >= 3.5 && p.price <= 4).toBe(true);

    const sub = (await find('category=headache')).json().product;
    expect(sub).toHaveLength(3);
    const top = (await find('category=pain-relief')).json().product;
    expect(top).toHaveLength(7);

    const pharmacy = (await find('pharmacy=ezaby')).json().product as { owner: { pharmacyName: string } }[];
    expect(pharmacy.length).toBeGreaterThan(0);
    for (const p of pharmacy) expect(p.owner.pharmacyName).toBe('El Ezaby Corner Pharmacy');
    const byUser = (await find(`pharmacy=${pharmacy[0] ? 'hoda' : ''}`)).json().product;
    expect(byUser.length).toBe(pharmacy.length);

    // A typed % is a character, not a wildcard.
    const percent = (await find('name=%25')).json().product as { name: string }[];
    expect(percent.length).toBe(4);
    for (const p of percent) expect(p.name).toContain('%');
    expect((await find('name=undefined&category=undefined')).json().product).toHaveLength(52);
  });

  it('refuses bad price bounds with a message', async () => {
    const res = await find('minPrice=abc');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/price/);
    expect((await find('minPrice=100&maxPrice=10')).statusCode).toBe(400);
  });

  it('shows one product with photos, seller, numeric price and stock, and sanitized texts', async () => {
    const res = await get('/api/medicine/?product=paracetamol-500-mg');
    expect(res.statusCode).toBe(200);
    const { product } = res.json();
    expect(product.name).toBe('Paracetamol 500 mg');
    expect(product.price).toBe(3.5);
    expect(product.quantity).toBe(180);
    expect(Array.isArray(product.photos)).toBe(true);
    expect(product.photos[0].photo).toMatch(/\/uploads\//);
    expect(product.owner.username).toBeTruthy();
    for (const key of ['about', 'description', 'indications', 'sideEffects', 'contraindicationsAndWarnings']) expect(typeof product[key]).toBe('string');
    expect(product.description).toContain('<p>');
  });

  it('answers 404 with a message for an unknown product', async () => {
    const res = await get('/api/medicine/?product=nope');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBeTruthy();
    expect((await get('/api/medicine')).statusCode).toBe(404);
  });

  it('lists related products from the same category, never the product itself', async () => {
    const res = await get('/api/medicines/related/?product=paracetamol-500-mg');
    expect(res.statusCode).toBe(200);
    const { products } = res.json();
    expect(products.length).toBeGreaterThan(0);
    expect(products.length).toBeLessThanOrEqual(4);
    expect(products.map((p: { slug: string }) => p.slug)).not.toContain('paracetamol-500-mg');
    expect(products[0].category.slug).toBe('headache');
    for (const p of products) expect(['headache', 'muscle-joint']).toContain(p.category.slug);
  });

  it('lists categories with their sub-categories', async () => {
    const res = await get('/api/category');
    expect(res.statusCode).toBe(200);
    const { categories } = res.json();
    expect(categories).toHaveLength(9);
    const pain = categories.find((c: { slug: string }) => c.slug === 'pain-relief');
    expect(pain.sub_categories.map((s: { slug: string }) => s.slug)).toEqual(['headache', 'muscle-joint']);
    for (const c of categories) expect(c._id).toMatch(/^[0-9a-f]{24}$/);
  });
});
