import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const get = (url: string, headers: Record<string, string> = {}) => server.app.inject({ method: 'GET', url, headers });

describe('countries and governments', () => {
  it('lists the countries by name as { code, name }, Egypt included and Israel left out', async () => {
    const res = await get('/api/geo/countries');
    expect(res.statusCode).toBe(200);
    const countries: Array<{ code: string; name: string }> = res.json().countries;
    expect(countries.length).toBeGreaterThan(200);
    for (const c of countries) expect(Object.keys(c).sort()).toEqual(['code', 'name']);
    expect(countries).toContainEqual({ code: 'EG', name: 'Egypt' });
    expect(countries).toContainEqual({ code: 'JO', name: 'Jordan' });
    expect(countries.some((c) => c.code === 'IL' || c.name === 'Israel')).toBe(false);
    // The order the forms always showed: the package's, by name.
    expect(countries.slice(0, 2).map((c) => c.name)).toEqual(['Afghanistan', 'Aland Islands']);
  });

  it("lists Egypt's governments, Cairo and Giza among them, whatever the code's case", async () => {
    const res = await get('/api/geo/countries/EG/states');
    expect(res.statusCode).toBe(200);
    const names = res.json().states.map((s: { name: string }) => s.name);
    expect(names).toEqual(expect.arrayContaining(['Cairo', 'Giza', 'Alexandria']));
    expect(names).toHaveLength(27);
    expect((await get('/api/geo/countries/eg/states')).json()).toEqual(res.json());
  });

  it('answers a country without regions with an empty list', async () => {
    const res = await get('/api/geo/countries/AQ/states');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ states: [] });
  });

  it("refuses Israel's states and unknown or malformed codes with a message, never a 500", async () => {
    for (const code of ['IL', 'il', 'ZZ']) {
      const res = await get(`/api/geo/countries/${code}/states`);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toMatch(/no country with the code/);
    }
    for (const code of ['EGY', '1', '%00', encodeURIComponent("' or 1=1"), 'x'.repeat(400)]) {
      const res = await get(`/api/geo/countries/${code}/states`);
      expect([400, 404]).toContain(res.statusCode);
      expect(typeof res.json().message).toBe('string');
    }
  });

  it('lets browsers keep the lists and revalidate them: Cache-Control, ETag and 304', async () => {
    for (const url of ['/api/geo/countries', '/api/geo/countries/EG/states']) {
      const first = await get(url);
      expect(first.headers['cache-control']).toMatch(/^public, max-age=\d{5,}/);
      const etag = String(first.headers.etag);
      expect(etag).toMatch(/^"[^"]+"$/);
      const again = await get(url, { 'if-none-match': etag });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      expect(again.headers.etag).toBe(etag);
      expect((await get(url, { 'if-none-match': `"other", W/${etag}` })).statusCode).toBe(304);
      expect((await get(url, { 'if-none-match': '"stale"' })).statusCode).toBe(200);
    }
    const egypt = (await get('/api/geo/countries/EG/states')).headers.etag;
    const jordan = (await get('/api/geo/countries/JO/states')).headers.etag;
    expect(egypt).not.toBe(jordan);
  });

  it('is described in the OpenAPI document', async () => {
    const doc = server.app.swagger() as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/geo/countries', '/api/geo/countries/{code}/states']));
  });
});
