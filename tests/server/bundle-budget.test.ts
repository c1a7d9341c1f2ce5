import path from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module script shared with `npm run bench:bundle`
import { build, budgets, measure, overBudget } from '../../bench/bundle/measure.mjs';

/** The home page is the first page every visitor loads: its JavaScript and CSS stay within budget. */
describe('bundle budget', () => {
  it('keeps what / loads before it is interactive within 150 kB JS and 35 kB CSS (gzip)', () => {
    const root = path.resolve(import.meta.dirname, '../..');
    const outDir = path.join(root, '.tmp/dist-budget');
    build(root, outDir);
    const results: { route: string; js: number; css: number; files: string[] }[] = measure(root, outDir);
    const home = results.find((r) => r.route === '/');
    expect(home).toBeDefined();
    // The carousel (jQuery + owl) and the editor load after the first paint, never with the home page.
    expect(home!.files.some((f) => /DoctorsCarousel|RichTextEditor|CountryGovernment/.test(f))).toBe(false);
    expect(budgets['/']).toEqual({ js: 150 * 1024, css: 35 * 1024 });
    expect(overBudget(results)).toEqual([]);
  }, 180_000);
});
