import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { htmlDepth } from '../../server/lib/html-shape.js';
import { signUpAndLogin, startTestServer, tinyPng, withToken, type TestServer } from './helpers.js';
import { listProduct } from './shop-helpers.js';

let server: TestServer;
let doctor: string;
let pharmacist: string;
beforeAll(async () => {
  server = await startTestServer({ seed: true });
  doctor = (await signUpAndLogin(server.app, 'doctor')).token;
  pharmacist = (await signUpAndLogin(server.app, 'pharmacist')).token;
  // Depth is measured in the sanitizer's threads, which start on the first text; no timing below pays for that.
  await listProduct(server.app, pharmacist, { name: 'Warm Remedy' });
}, 60_000);
afterAll(async () => {
  await server?.close();
});

const thumbnail = { filename: 'cover.png', content: tinyPng, type: 'image/png' };
/** The product form `name`, as the pharmacist sends it, with the smallest valid fields and `fields` to test. */
const postProduct = (name: string, fields: Record<string, string>) =>
  server.app.inject({
    method: 'POST',
    url: '/api/medicines',
    ...withToken(pharmacist, { name, price: '3', quantity: '2', category: 'headache', about: 'x', ...fields, thumbnail }),
  });
const post = (content: string, title = `Post ${Math.random()}`) =>
  server.app.inject({ method: 'POST', url: '/api/blog', ...withToken(doctor, { title, content, thumbnail, category: 'heart-health' }) });

/** Times a request to /api/health sent while `busy` is in flight. */
async function healthWhile(busy: Promise<unknown>): Promise<number> {
  await new Promise((r) => setTimeout(r, 20));
  const started = performance.now();
  const health = await server.app.inject({ method: 'GET', url: '/api/health' });
  const took = performance.now() - started;
  expect(health.statusCode).toBe(200);
  await busy;
  return took;
}

describe('HTML that would stall the server', () => {
  it("refuses '<div>' × 10,000 (50 kB) at once with a clear 400, and /api/health stays quick", async () => {
    const started = performance.now();
    const request = post('<div>'.repeat(10_000));
    const healthMs = await healthWhile(request);
    const res = await request;
    expect(performance.now() - started).toBeLessThan(1500);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The blog content is nested too deeply: at most 100 levels of tags inside each other');
    expect(healthMs).toBeLessThan(300);
  });

  it('refuses 20,000 nested divs for their size, with a clear 400', async () => {
    const started = performance.now();
    const res = await post(`${'<div>'.repeat(20_000)}deep${'</div>'.repeat(20_000)}`);
    expect(performance.now() - started).toBeLessThan(1500);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^The blog content is too long: at most 100,000 characters$/);
  });

  it('20,000 nested divs within the size limit are refused for their depth', async () => {
    const res = await post(`${'<i>'.repeat(20_000)}deep`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/nested too deeply/);
  });

  it('still accepts a long real article, nested up to 100 levels, cleaned off the event loop', async () => {
    const paragraph = '<p>Walking <b>thirty minutes</b> a day <a href="https://example.org" onclick="x()">lowers</a> blood pressure.</p>';
    // 98 divs around a paragraph holding a link: 100 levels.
    const article = `${'<div>'.repeat(98)}${paragraph.repeat(700)}${'</div>'.repeat(98)}`;
    expect(article.length).toBeLessThan(100_000);
    const request = post(article);
    const healthMs = await healthWhile(request);
    const res = await request;
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().blog.content).not.toMatch(/onclick/);
    expect(healthMs).toBeLessThan(300);
  });

  it('the product form goes through the same checks', async () => {
    const res = await postProduct('Deep Remedy', { description: '<div>'.repeat(2_000) });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The description is nested too deeply: at most 100 levels of tags inside each other');
    const tooLong = await postProduct('Long Remedy', { indications: 'a'.repeat(20_001) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toMatch(/^The indications is too long/);
    // An ordinary product is still listed and its texts cleaned.
    const listed = await listProduct(server.app, pharmacist);
    const detail = await server.app.inject({ method: 'GET', url: `/api/medicine/?product=${listed.slug}` });
    expect(detail.json().product.description).toBe('<p>Good stuff</p>');
  });
});

describe('htmlDepth', () => {
  it('counts open tags, ignores void and self-closing ones and comments', () => {
    expect(htmlDepth('<p>a<br>b<img src="x"/></p><p><b>c</b></p>')).toBe(2);
    expect(htmlDepth('<div><div><div>')).toBe(3);
    expect(htmlDepth('<!-- <div><div> --><span></span>')).toBe(1);
    expect(htmlDepth('a < b and c > d')).toBe(0);
  });
});
