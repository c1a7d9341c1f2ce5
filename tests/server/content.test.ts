import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ seed: true });
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
