import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { htmlDepth, maxHtmlDepth } from '../../server/lib/html-shape.js';
import * as cleanStoredHtml from '../../server/db/migrations/2026-12-07-100-clean-stored-html.js';
import { signUpAndLogin, startTestServer, tinyPng, withToken, type TestServer } from './helpers.js';
import { listProduct } from './shop-helpers.js';

const parser = new new JSDOM('').window.DOMParser();
/**
 * The DOM jsdom builds from `html` as DOMPurify asks for it: its deepest element, template contents
 * included, counted from <html>'s children (<body>, <head>) at level 0.
 */
function builtDepth(html: string): number {
  const document = parser.parseFromString(html, 'text/html');
  let deepest = 0;
  const pending: [Node, number][] = [[document.documentElement, -1]];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [node, depth] = next;
    deepest = Math.max(deepest, depth);
    const children = [...node.childNodes, ...((node as HTMLTemplateElement).content?.childNodes ?? [])];
    for (const child of children) if (child.nodeType === 1) pending.push([child, depth + 1]);
  }
  return deepest;
}

/** Inputs built to make a tag counter see fewer levels than a parser builds. */
const adversarial: Record<string, string> = {
  'self-closing non-void tags': '<div/>'.repeat(300),
  'a < inside a quoted attribute': '<div title="<">'.repeat(300),
  'a > inside a quoted attribute': "<span title='>'>".repeat(300),
  'a tag name ending in a quote, not void': '<br"x>'.repeat(300),
  'an empty comment <!-->': '<!-->' + '<div>'.repeat(300) + '-->',
  'an empty comment <!--->': '<!--->' + '<div>'.repeat(300) + '-->',
  'a comment closed by --!>': '<!-- x --!>' + '<div>'.repeat(300) + '-->',
  'a textarea hiding a comment opener': '<textarea><!--</textarea>' + '<div>'.repeat(300) + '-->',
  'a textarea hiding a quote': '<textarea><a title="</textarea>' + '<div>'.repeat(300) + '">',
  'a title inside svg is not raw text': '<svg><title>' + '<div>'.repeat(300),
  'noscript is parsed when scripting is off': '<noscript>' + '<div>'.repeat(300),
  'unclosed paragraphs and list items': '<div><p>a<li>b'.repeat(150),
  'tables imply their sections and rows': '<table><td>'.repeat(100),
  'tables and foster parenting': '<table>' + '<div>'.repeat(300),
  'formatting reopened after a misnested close': '<span><b></span>x'.repeat(300),
  'formatting with different attributes': Array.from({ length: 300 }, (_, i) => `<b id=${i}>`).join(''),
  'adoption agency clones': '<a><div></a>x'.repeat(300),
  'stray closing tags do not close': '<span><div></span>'.repeat(300),
  'template contents': '<template>'.repeat(300),
  'upper case and odd spacing': '<DIV\n/>'.repeat(300),
};

describe('htmlDepth counts what an HTML parser builds', () => {
  for (const [name, html] of Object.entries(adversarial))
    it(`never under-counts: ${name}`, () => {
      const built = builtDepth(html);
      expect(htmlDepth(html)).toBeGreaterThanOrEqual(built);
      expect(htmlDepth(html, maxHtmlDepth) > maxHtmlDepth).toBe(built > maxHtmlDepth);
    });

  it('never under-counts random mixes of tricky tags (1,500 texts)', () => {
    const pieces = [
      '<div>',
      '<div/>',
      '</div>',
      '<p>',
      '</p>',
      '<b>',
      '</b>',
      '<i>',
      '</i>',
      '<a href="/x">',
      '</a>',
      '<span>',
      '</span>',
      '<li>',
      '<ul>',
      '</ul>',
      '<table>',
      '<td>',
      '<tr>',
      '</table>',
      '<br>',
      '<!-->',
      '<!--',
      '-->',
      '<textarea>',
      '</textarea>',
      '<svg>',
      '<title>',
      '<template>',
      '<nobr>',
      '<h2>',
      'x',
      ' ',
      '"',
      "'",
      '<em title="<">',
      '<select>',
      '<option>',
    ];
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    for (let n = 0; n < 1500; n++) {
      const html = Array.from({ length: 20 + Math.floor(random() * 150) }, () => pieces[Math.floor(random() * pieces.length)]).join('');
      const built = builtDepth(html);
      const counted = htmlDepth(html);
      if (counted < built) expect.fail(`${html} counted ${counted}, built ${built}`);
    }
  }, 60_000);

  it('counts ordinary HTML exactly', () => {
    expect(htmlDepth('<p>a<br>b<img src="x"/></p><p><b>c</b></p>')).toBe(2);
    expect(htmlDepth('<div><div><div>')).toBe(3);
    expect(htmlDepth('<!-- <div><div> --><span></span>')).toBe(1);
    expect(htmlDepth('a < b and c > d')).toBe(0);
    expect(htmlDepth('<ul><li>one<li>two</ul><p>a<p>b')).toBe(2);
    expect(htmlDepth('<div/>'.repeat(3))).toBe(3);
  });

  it('answers a 100 kB hostile text in well under a second', () => {
    const started = performance.now();
    expect(htmlDepth('<div/>'.repeat(16_000), maxHtmlDepth)).toBe(maxHtmlDepth + 1);
    expect(htmlDepth('<table><td>'.repeat(9_000), maxHtmlDepth)).toBe(maxHtmlDepth + 1);
    expect(htmlDepth('<span><b></span>x'.repeat(5_800), maxHtmlDepth)).toBe(maxHtmlDepth + 1);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});

let server: TestServer;
let pharmacist: string;
let doctors: string[];
beforeAll(async () => {
  server = await startTestServer({ seed: true });
  pharmacist = (await signUpAndLogin(server.app, 'pharmacist')).token;
  doctors = [];
  for (let i = 0; i < 4; i++) doctors.push((await signUpAndLogin(server.app, 'doctor')).token);
  // The sanitizer's threads start on the first text; no timing below pays for that.
  await listProduct(server.app, pharmacist, { name: 'Warm Remedy' });
}, 60_000);
afterAll(async () => {
  await server?.close();
});

const thumbnail = { filename: 'cover.png', content: tinyPng, type: 'image/png' };
const post = (doctor: string, content: string) =>
  server.app.inject({
    method: 'POST',
    url: '/api/blog',
    ...withToken(doctor, { title: `Post ${Math.random()}`, content, thumbnail, category: 'heart-health' }),
  });
const editProduct = (slug: string, fields: Record<string, string>) =>
  server.app.inject({ method: 'PATCH', url: `/api/medicine?product=${slug}`, ...withToken(pharmacist, fields) });
/** A guest's product page, past the answer cache (an unknown parameter skips it). */
const guestRead = (slug: string) => server.app.inject({ method: 'GET', url: `/api/medicine?product=${slug}&x=${Math.random()}` });
async function timed<T>(request: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const answer = await request();
  return [answer, performance.now() - started];
}

describe('hostile HTML does not stall the server', () => {
  it("refuses '<div/>' × 3,000 in a product text: a parser nests it 3,000 deep", async () => {
    const listed = await listProduct(server.app, pharmacist, { name: 'Selfclosing Remedy' });
    const res = await editProduct(listed.slug, { description: '<div/>'.repeat(3_000) });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The description is nested too deeply: at most 100 levels of tags inside each other');
  });

  it('guest reads and /api/health stay under a second each while four hostile saves run', async () => {
    const listed = await listProduct(server.app, pharmacist, { name: 'Hostile Remedy' });
    // Refused now; a server that took it made every read of the product parse it again.
    await editProduct(listed.slug, { description: '<div/>'.repeat(3_000) });
    const saves = doctors.map((doctor) => post(doctor, '<div/>'.repeat(8_000)));
    const reads: number[] = [];
    const health: number[] = [];
    for (let i = 0; i < 6; i++) {
      const [read, readMs] = await timed(() => guestRead(listed.slug));
      expect(read.statusCode).toBe(200);
      reads.push(readMs);
      const [ok, healthMs] = await timed(() => server.app.inject({ method: 'GET', url: '/api/health' }));
      expect(ok.statusCode).toBe(200);
      health.push(healthMs);
    }
    for (const save of await Promise.all(saves)) expect(save.statusCode).toBe(400);
    expect(Math.max(...reads), `reads took ${reads.map(Math.round).join(', ')} ms`).toBeLessThan(1000);
    expect(Math.max(...health), `health took ${health.map(Math.round).join(', ')} ms`).toBeLessThan(1000);
  }, 120_000);

  it('an ordinary product edit succeeds while four hostile articles are being saved', async () => {
    const listed = await listProduct(server.app, pharmacist, { name: 'Ordinary Remedy' });
    const saves = doctors.map((doctor) => post(doctor, '<div/>'.repeat(8_000)));
    await new Promise((resolve) => setTimeout(resolve, 50));
    const edit = await editProduct(listed.slug, { description: '<p>Take <b>one</b> a day.</p>' });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json().product.description).toBe('<p>Take <b>one</b> a day.</p>');
    await Promise.all(saves);
  }, 120_000);

  it("one writer's many slow texts hold one thread: another account's edit does not wait behind them", async () => {
    const listed = await listProduct(server.app, pharmacist, { name: 'Patient Remedy' });
    // Allowed (100 levels, 70 kB), and slow to clean: about a second or more each.
    const paragraph = '<p>Walking <b>thirty minutes</b> a day <a href="https://example.org">lowers</a> blood pressure.</p>';
    const heavy = `${'<div>'.repeat(98)}${paragraph.repeat(700)}${'</div>'.repeat(98)}`;
    let finished = 0;
    // Three (with the edit, four forms in flight from one address: the most UPLOADS_IN_FLIGHT_PER_ADDRESS allows).
    const saves = [1, 2, 3].map(() => post(doctors[0], heavy).then((res) => (finished++, res)));
    await new Promise((resolve) => setTimeout(resolve, 50));
    const edit = await editProduct(listed.slug, { description: '<p>Fresh text</p>' });
    const finishedBeforeEdit = finished;
    expect(edit.statusCode, edit.body).toBe(200);
    for (const save of await Promise.all(saves)) expect(save.statusCode).toBe(200);
    // In a line served first come, first served the edit would wait for all three. Taking turns, it
    // waits for the one running when it joined the line (on a two-core machine the pool has one
    // thread, keeping the other core for the event loop), and on a busy machine perhaps for one that
    // finished while its request was still being read; never for all of them.
    expect(finishedBeforeEdit).toBeLessThanOrEqual(2);
  }, 120_000);

  it('texts stored before are cleaned once by the migration, so reading them never parses HTML', async () => {
    const listed = await listProduct(server.app, pharmacist, { name: 'Old Remedy' });
    await server.app.db
      .updateTable('products')
      .set({
        description: '<div/>'.repeat(3_000),
        indications: '<p onclick="x()">Headache <script>alert(1)</script><a href="/\\evil.com">more</a></p>',
        about: '<b>Old</b> &lt;i&gt;text',
      })
      .where('slug', '=', listed.slug)
      .execute();
    await cleanStoredHtml.up(server.app.db);
    const [res, ms] = await timed(() => guestRead(listed.slug));
    expect(ms).toBeLessThan(1000);
    const product = res.json().product;
    expect(product.description).toBe('');
    expect(product.indications).toBe('<p>Headache <a>more</a></p>');
    expect(product.about).toBe('Old &lt;i&gt;text');
  });

  it("links to another site written as '/\\evil.com', '\\\\evil.com' or with tabs are not kept", async () => {
    const links = ['/\\evil.com', '\\\\evil.com', '/\t/evil.com', ' /\\evil.com', 'java\tscript:alert(1)', '\\/evil.com'];
    const content = links.map((href) => `<p><a href="${href}">x</a></p>`).join('') + '<p><a href="/blog">ok</a><a href="https://example.org/a\\b">ok</a></p>';
    const res = await post(doctors[1], content);
    expect(res.statusCode, res.body).toBe(200);
    const stored = res.json().blog.content as string;
    expect(stored).not.toMatch(/evil|script/);
    expect(stored).toContain('href="/blog"');
    expect(stored).toContain('href="https://example.org/a\\b"');
    const listed = await listProduct(server.app, pharmacist, { name: 'Linked Remedy', description: '<p><a href="/\\evil.com">x</a></p>' });
    const product = (await guestRead(listed.slug)).json().product;
    expect(product.description).toBe('<p><a>x</a></p>');
  });
});
