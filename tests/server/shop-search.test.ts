import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndLogin, startTestServer, withToken, type TestServer } from './helpers.js';
import { listProduct } from './shop-helpers.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ seed: true });
});
afterAll(async () => {
  await server?.close();
});

interface Item {
  name: string;
  brand: string;
  price: number;
  quantity: number;
  created_at: string;
}
const search = async (query: string) => {
  const res = await server.app.inject({ method: 'GET', url: `/api/medicines/?${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { products: Item[]; page: number; pages: number; results: number };
};
const names = (items: Item[]) => items.map((p) => p.name);

describe('shop search', () => {
  it('forgives small typos: "paracetmol" finds Paracetamol, also through the original filter call', async () => {
    const body = await search('q=paracetmol');
    // The two named after it come first; medicines holding it among their ingredients follow.
    expect(names(body.products).slice(0, 2).sort()).toEqual(['Paracetamol 500 mg', 'Paracetamol Extra 500/65 mg']);
    expect(names(body.products).slice(2).sort()).toEqual(['Cold & Flu Day/Night', 'Migraine Relief Duo']);
    expect(body.results).toBe(4);
    const typed = await search('q=ibuprofn');
    expect(names(typed.products)).toEqual(['Ibuprofen 400 mg']);
    const found = await server.app.inject({ method: 'POST', url: '/api/medicines/find/?name=paracetmol&minPrice=0&maxPrice=500&category=&pharmacy=' });
    expect(found.json().product).toHaveLength(4);
  });

  it('finds products by brand ("Panadol") and by a word of the summary (caffeine), accents and case ignored', async () => {
    const brand = await search('q=Panadol');
    expect(names(brand.products).sort()).toEqual(['Paracetamol 500 mg', 'Paracetamol Extra 500/65 mg']);
    expect(brand.products.every((p) => p.brand === 'Panadol')).toBe(true);
    expect(names((await search('q=PANADÓL')).products)).toHaveLength(2);
    expect(names((await search('q=caffeine')).products).sort()).toEqual(['Migraine Relief Duo', 'Paracetamol Extra 500/65 mg']);
    // Several words must all match; a word that matches nothing gives nothing.
    const d3 = names((await search('q=vitamin%20d3')).products);
    expect(d3[0]).toBe('Vitamin D3 5000 IU');
    expect(d3.slice(1).sort()).toEqual(['Daily Multivitamin for Adults', 'Kids Multivitamin Gummies']);
    expect((await search('q=zzqqxx')).results).toBe(0);
  });

  it('ranks by relevance: a name match before a summary match', async () => {
    const body = await search('q=vitamin');
    expect(body.results).toBeGreaterThan(2);
    expect(body.products[0].name).toMatch(/vitamin/i);
  });

  it('sorts by price both ways and by newest, with the filters, and pages the result', async () => {
    const asc = (await search('sort=price-asc&category=pain-relief')).products.map((p) => p.price);
    expect(asc).toHaveLength(7);
    expect(asc).toEqual([...asc].sort((a, b) => a - b));
    const desc = (await search('sort=price-desc&minPrice=5&maxPrice=20')).products.map((p) => p.price);
    expect(desc).toEqual([...desc].sort((a, b) => b - a));
    expect(desc.every((p) => p >= 5 && p <= 20)).toBe(true);
    const newest = (await search('sort=newest&page=2')).products.filter((p) => p.quantity > 0).map((p) => p.created_at);
    expect(newest).toEqual([...newest].sort().reverse());
    const page2 = await search('q=tablets&page=2');
    expect(page2.page).toBe(1); // only the summary text says "tablets" for few products: page 2 clamps to 1
  });

  it('lists products in stock before sold-out ones, in every listing and sort', async () => {
    // The seeded first-aid kit is the newest product and is sold out.
    const plain = await search('page=1');
    expect(plain.products[0].name).not.toBe('Family First Aid Kit');
    const last = await search(`page=${plain.pages}`);
    expect(last.products.at(-1)?.name).toBe('Family First Aid Kit');
    const firstAid = (await search('category=first-aid&sort=price-desc')).products;
    expect(firstAid.at(-1)?.name).toBe('Family First Aid Kit');
    expect(firstAid.at(-1)?.price).toBeGreaterThan(firstAid[0].price);
    const kit = (await search('q=kit&sort=relevance')).products;
    expect(kit.at(-1)?.quantity).toBe(0);
    expect(kit[0].quantity).toBeGreaterThan(0);
  });

  it('finds a product as soon as it is listed and its new name once renamed; a deleted one no more', async () => {
    const pharmacist = await signUpAndLogin(server.app, 'pharmacist');
    const product = await listProduct(server.app, pharmacist.token, { name: 'Zyrtec Allergy Relief', brand: 'Zyrtec', about: 'Cetirizine for hay fever.' });
    expect(names((await search('q=cetirizin')).products)).toEqual(['Zyrtec Allergy Relief']);
    expect((await search('q=zyrtek')).products[0]?.brand).toBe('Zyrtec');
    const renamed = await server.app.inject({
      method: 'PATCH',
      url: `/api/medicine/?product=${product.slug}`,
      ...withToken(pharmacist.token, { name: 'Hayfever Tablets', brand: 'Zyrtec' }),
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(names((await search('q=hayfever')).products)).toEqual(['Hayfever Tablets']);
    expect((await search('q=allergy')).results).toBe(0);
    const deleted = await server.app.inject({ method: 'DELETE', url: `/api/medicine/?product=${product.slug}`, headers: { authorization: pharmacist.token } });
    expect(deleted.statusCode).toBe(200);
    expect((await search('q=cetirizine')).results).toBe(0);
  });

  it('finds a medicine by its active ingredient, typed as written or with a typo, though its name, brand and summary never say it', async () => {
    const pharmacist = await signUpAndLogin(server.app, 'pharmacist');
    await listProduct(server.app, pharmacist.token, {
      name: 'Brufen Retard',
      brand: 'Abbott',
      about: 'Long-acting tablets for joint pain.',
      activeIngredients: 'Ibuprofen, Levomenthol',
    });
    expect(names((await search('q=levomenthol')).products)).toEqual(['Brufen Retard']);
    expect(names((await search('q=levomentol')).products)).toEqual(['Brufen Retard']);
    // A name holding the word still ranks before a product that only contains it.
    const ibuprofen = names((await search('q=ibuprofen')).products);
    expect(ibuprofen).toContain('Brufen Retard');
    expect(ibuprofen[0]).toBe('Ibuprofen 400 mg');
  });

  it('refuses an unknown sort and bad prices with a message', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/api/medicines/?sort=cheapest' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/sort must be one of relevance, price-asc, price-desc, newest/);
    expect((await server.app.inject({ method: 'GET', url: '/api/medicines/?minPrice=9&maxPrice=1' })).statusCode).toBe(400);
  });
});
