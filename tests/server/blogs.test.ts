import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart, signUpAndLogin, startTestServer, tinyPng, withToken, type TestServer } from './helpers.js';

let server: TestServer;
let doctor: { token: string; id: string };
beforeAll(async () => {
  server = await startTestServer({ seed: true });
  doctor = await signUpAndLogin(server.app, 'doctor');
});
afterAll(async () => {
  await server?.close();
});

const thumbnail = { filename: 'cover.png', content: tinyPng, type: 'image/png' };
const post = (token: string, fields: Record<string, string | typeof thumbnail>) =>
  server.app.inject({ method: 'POST', url: '/api/blog', ...withToken(token, fields) });
const validPost = (overrides: Record<string, string | typeof thumbnail> = {}) => ({
  title: 'Sleep and blood pressure',
  content: '<p>Seven hours of sleep help your heart.</p>',
  thumbnail,
  category: 'heart-health',
  keywords: 'sleep,heart',
  ...overrides,
});

describe('blog reading', () => {
  it('lists every post oldest first with its category populated', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/api/blog', headers: { authorization: 'null' } });
    expect(res.statusCode).toBe(200);
    const { blogs } = res.json();
    expect(blogs).toHaveLength(6);
    const created = blogs.map((b: { created_at: string }) => b.created_at);
    expect([...created].sort()).toEqual(created);
    for (const blog of blogs) {
      for (const key of ['_id', 'slug', 'title', 'content', 'thumbnail', 'created_at', 'updated_at']) expect(typeof blog[key]).toBe('string');
      expect(blog.category).toEqual({ name: expect.any(String), slug: expect.any(String) });
      expect(blog.thumbnail).not.toBe('');
    }
  });

  it('returns one post by slug as an array of one, and 404 with a message for an unknown slug', async () => {
    const { blogs } = (await server.app.inject({ method: 'GET', url: '/api/blog' })).json();
    const res = await server.app.inject({ method: 'GET', url: `/api/blog/?slug=${blogs[1].slug}` });
    expect(res.statusCode).toBe(200);
    const { blog } = res.json();
    expect(blog).toHaveLength(1);
    expect(blog[0]).toEqual(blogs[1]);
    const missing = await server.app.inject({ method: 'GET', url: '/api/blog/?slug=no-such-post' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('This blog post does not exist or was removed');
    const empty = await server.app.inject({ method: 'GET', url: '/api/blog/?slug=' });
    expect(empty.statusCode).toBe(404);
  });

  it('lists the categories with name and slug', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/api/blog/category' });
    expect(res.statusCode).toBe(200);
    const { categories } = res.json();
    expect(categories.length).toBe(5);
    expect(categories.map((c: { slug: string }) => c.slug)).toContain('heart-health');
  });
});

describe('blog publishing', () => {
  it('lets a doctor publish; the post reads back last in the list with a slug made from the title', async () => {
    const res = await post(doctor.token, validPost({ keywords: 'sleep, heart [object Object]  rest,,HEART' }));
    expect(res.statusCode).toBe(200);
    const { blog } = res.json();
    expect(blog.slug).toBe('sleep-and-blood-pressure');
    expect(blog.category).toEqual({ name: 'Heart Health', slug: 'heart-health' });
    expect(blog.keywords).toEqual(['sleep', 'heart', 'rest']);
    expect(blog.thumbnail).toMatch(/^\/uploads\/[0-9a-f]{24}\.png$/);
    const image = await server.app.inject({ method: 'GET', url: blog.thumbnail });
    expect(image.statusCode).toBe(200);
    const { blogs } = (await server.app.inject({ method: 'GET', url: '/api/blog' })).json();
    expect(blogs.at(-1).slug).toBe('sleep-and-blood-pressure');
  });

  it('keeps slugs unique when titles repeat, and ignores a client slug (the category slug)', async () => {
    const second = await post(doctor.token, validPost({ slug: 'heart-health' }));
    const third = await post(doctor.token, validPost({ title: 'Sleep and Blood-Pressure!' }));
    expect(second.json().blog.slug).toBe('sleep-and-blood-pressure-2');
    expect(third.json().blog.slug).toBe('sleep-and-blood-pressure-3');
    const together = await Promise.all([1, 2, 3].map(() => post(doctor.token, validPost({ title: 'Same moment' }))));
    expect(together.map((r) => `${r.statusCode} ${r.statusCode === 200 ? '' : r.body}`)).toEqual(['200 ', '200 ', '200 ']);
    expect(new Set(together.map((r) => r.json().blog.slug)).size).toBe(3);
  });

  it('makes readable slugs from accented and non-Latin titles', async () => {
    const accented = await post(doctor.token, validPost({ title: 'Café Crème: è vero?' }));
    expect(accented.json().blog.slug).toBe('cafe-creme-e-vero');
    const arabic = await post(doctor.token, validPost({ title: 'صحة القلب' }));
    expect(arabic.statusCode).toBe(200);
    const slug = arabic.json().blog.slug;
    expect(slug).toBe('صحة-القلب');
    const read = await server.app.inject({ method: 'GET', url: `/api/blog/?slug=${encodeURIComponent(slug)}` });
    expect(read.statusCode).toBe(200);
  });

  it('strips scripts, event handlers and javascript: links from the content', async () => {
    const content =
      '<h2>Title</h2><p onclick="steal()">Hello <strong>world</strong></p><script>alert(1)</script>' +
      '<img src="x" onerror="alert(2)" alt="x"><a href="javascript:alert(3)">bad</a><a href="https://example.org" target="_blank">good</a>' +
      '<iframe src="https://evil.test"></iframe><style>body{}</style>';
    const res = await post(doctor.token, validPost({ title: 'Sanitized post', content }));
    expect(res.statusCode).toBe(200);
    const read = (await server.app.inject({ method: 'GET', url: `/api/blog?slug=${res.json().blog.slug}` })).json().blog[0].content as string;
    expect(read).not.toMatch(/<script|onerror|onclick|javascript:|<iframe|<style|alert/i);
    expect(read).toContain('<h2>Title</h2>');
    expect(read).toContain('<strong>world</strong>');
    expect(read).toContain('<a href="https://example.org" target="_blank" rel="noopener noreferrer">good</a>');
  });

  it('drops an image whose address was refused and marks an image without a text alternative as decorative', async () => {
    const content =
      '<p>Before</p><img src="javascript:alert(1)" alt="gone"><img src="//elsewhere.test/x.png"><img alt="no address">' +
      '<img src="/uploads/chart.png"><img src="https://example.org/walk.jpg" alt="A walk in the park">';
    const res = await post(doctor.token, validPost({ title: 'Images in a post', content }));
    expect(res.statusCode).toBe(200);
    const read = (await server.app.inject({ method: 'GET', url: `/api/blog?slug=${res.json().blog.slug}` })).json().blog[0].content as string;
    expect(read).toBe('<p>Before</p><img src="/uploads/chart.png" alt=""><img src="https://example.org/walk.jpg" alt="A walk in the park">');
  });

  it('keeps what the article editor writes as it was written (headings, lists, bold, italic, links, line breaks)', async () => {
    const content =
      '<h2>Why it helps</h2><p>A <strong>short</strong> walk, <em>every</em> day.<br>After dinner.</p>' +
      '<ul><li><p>Walk</p></li><li><p>Rest</p></li></ul>' +
      '<ol><li><p>Read <a target="_blank" rel="noopener noreferrer" href="https://example.org/walking">https://example.org/walking</a></p></li></ol>';
    const res = await post(doctor.token, validPost({ title: 'Written in the editor', content }));
    expect(res.statusCode).toBe(200);
    const read = (await server.app.inject({ method: 'GET', url: `/api/blog?slug=${res.json().blog.slug}` })).json().blog[0].content as string;
    expect(read).toBe(content);
  });

  it('refuses guests with 401 and patients and pharmacists with 403', async () => {
    const guest = await server.app.inject({
      method: 'POST',
      url: '/api/blog',
      ...multipart(validPost()),
      headers: { ...multipart(validPost()).headers, authorization: 'null' },
    });
    expect(guest.statusCode).toBe(401);
    expect(guest.json().message).toBe('Unauthorized');
    for (const role of ['patient', 'pharmacist'] as const) {
      const { token } = await signUpAndLogin(server.app, role);
      const res = await post(token, validPost());
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('Only doctors can do this');
    }
  });

  it('explains what is missing or wrong', async () => {
    const cases: [Record<string, string | typeof thumbnail>, string][] = [
      [validPost({ title: '' }), 'Please enter a title for the blog'],
      [validPost({ title: 'x'.repeat(201) }), 'The title can be at most 200 characters long'],
      [validPost({ content: 'null' }), 'Please write the content of the blog'],
      [validPost({ content: '<script>alert(1)</script><p> </p>' }), 'Please write the content of the blog'],
      [validPost({ category: '' }), 'Please choose a category'],
      [validPost({ category: 'astrology' }), 'This category does not exist; please choose one from the list'],
      [validPost({ thumbnail: '' }), 'Please choose a thumbnail image'],
      [
        validPost({ thumbnail: { filename: 'cover.png', content: Buffer.from('<svg onload="x"/>'), type: 'image/png' } }),
        'The thumbnail must be a PNG, GIF or JPEG image',
      ],
    ];
    for (const [fields, message] of cases) {
      const res = await post(doctor.token, fields);
      expect(res.statusCode, message).toBe(400);
      expect(res.json().message).toBe(message);
    }
    const empty = await server.app.inject({ method: 'POST', url: '/api/blog', ...withToken(doctor.token) });
    expect(empty.statusCode).toBe(400);
    const { blogs } = (await server.app.inject({ method: 'GET', url: '/api/blog' })).json();
    expect(blogs.some((b: { title: string }) => b.title === 'x'.repeat(201))).toBe(false);
  });

  it('takes the category from the slug field when the category field was never sent', async () => {
    const fields = validPost({ title: 'Category from slug', slug: 'nutrition' });
    delete (fields as Record<string, unknown>).category;
    const res = await post(doctor.token, fields);
    expect(res.statusCode).toBe(200);
    expect(res.json().blog.category.slug).toBe('nutrition');
  });
});
