import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerCacheListening, startTestServer, type TestServer } from './helpers.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ seed: true });
  // One test reads the cached answers' ETags, which need the invalidation channel when REDIS_URL is set.
  await answerCacheListening(server.app);
});
afterAll(async () => {
  await server?.close();
});

describe('home content', () => {
  it('serves the slides in order, each with a non-empty image and link text', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/api/cms/slider', headers: { authorization: 'null' } });
    expect(res.statusCode).toBe(200);
    const { slides } = res.json();
    expect(slides.length).toBeGreaterThanOrEqual(3);
    for (const slide of slides) {
      expect(Object.keys(slide).sort()).toEqual(['_id', 'description', 'image', 'link', 'textOnLink', 'title']);
      expect(typeof slide.image).toBe('string');
      expect(slide.image).toMatch(/^\/uploads\/.+/);
      expect(slide.textOnLink).not.toBe('');
    }
    expect(slides[0].title).toBe('Your health, our priority');
  });

  it('serves each named menu as an array whose first entry has a description and items', async () => {
    for (const name of ['features', 'benefits']) {
      const res = await server.app.inject({ method: 'GET', url: `/api/cms/menu/?menu=${name}` });
      expect(res.statusCode).toBe(200);
      const { menu } = res.json();
      expect(Array.isArray(menu)).toBe(true);
      expect(menu).toHaveLength(1);
      expect(menu[0].name).toBe(name);
      expect(menu[0].description).not.toBe('');
      expect(menu[0].items.length).toBeGreaterThanOrEqual(3);
      for (const item of menu[0].items) {
        expect(item._id).toMatch(/^[0-9a-f]{24}$/);
        expect(item.link).toMatch(/^\//);
        expect(item.icon).not.toBe('');
      }
    }
  });

  it('writes the slides and menus in Arabic for an Arabic reader, English for everyone else, one cached answer per language', async () => {
    const ask = (url: string, language?: string) => server.app.inject({ method: 'GET', url, headers: language ? { 'accept-language': language } : {} });
    // English first, so the Arabic request meets an English answer already in memory.
    const english = await ask('/api/cms/slider', 'en-GB,en;q=0.9');
    expect(english.json().slides[0].title).toBe('Your health, our priority');
    const arabic = await ask('/api/cms/slider', 'ar-EG,ar;q=0.9,en;q=0.8');
    expect(arabic.json().slides[0]).toMatchObject({ title: 'صحتك أولويتنا', textOnLink: 'ابحث عن طبيب', link: '/doctors' });
    expect(String(arabic.headers.vary)).toMatch(/accept-language/i);
    expect(arabic.headers.etag).not.toBe(english.headers.etag);
    expect((await ask('/api/cms/slider')).json().slides[0].title).toBe('Your health, our priority');
    expect((await ask('/api/cms/slider', 'ar')).json().slides[0].title).toBe('صحتك أولويتنا');

    const menu = (await ask('/api/cms/menu/?menu=features', 'ar')).json().menu[0];
    expect(menu.description).toBe('كل ما تحتاجه لرعايتك في مكان واحد.');
    expect(menu.items[0].title).toBe('ابحث عن طبيب');
    expect((await ask('/api/cms/menu/?menu=features', 'en')).json().menu[0].items[0].title).toBe('Find a doctor');
  });

  it('falls back to the English text where no Arabic was written', async () => {
    await server.database.db.updateTable('menu_items').set({ title_ar: '' }).where('title', '=', 'Online pharmacy').execute();
    const items = (await server.app.inject({ method: 'GET', url: '/api/cms/menu/?menu=features', headers: { 'accept-language': 'ar' } })).json().menu[0].items;
    expect(items.map((i: { title: string }) => i.title)).toContain('Online pharmacy');
  });

  it('answers an unknown menu with an empty array and no menu name with every menu', async () => {
    const unknown = await server.app.inject({ method: 'GET', url: '/api/cms/menu?menu=nothing-here' });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json().menu).toEqual([]);
    const all = await server.app.inject({ method: 'GET', url: '/api/cms/menu' });
    expect(all.json().menu.map((m: { name: string }) => m.name)).toEqual(['benefits', 'features']);
  });

  it('ignores a bad token on public content', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/api/cms/slider', headers: { authorization: 'not-a-token' } });
    expect(res.statusCode).toBe(200);
  });
});
