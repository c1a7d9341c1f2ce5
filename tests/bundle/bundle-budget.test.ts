import path from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module script shared with `npm run bench:bundle`
import { budgets, bundledServerOnly, measure, overBudget } from '../../bench/bundle/measure.mjs';
import { builtSpaDir } from '../built-spa';

type Result = { route: string; js: number; css: number; budget: { js: number; css: number }; files: string[] };

/** What each route loads before it is interactive stays within its budget; the home page is the first page every visitor loads. */
describe('bundle budget', () => {
  it('keeps every route within its budget: / (150 kB JS, 35 kB CSS), sign-up and checkout (150 kB JS), profile (151 kB JS), gzip', () => {
    const root = path.resolve(import.meta.dirname, '../..');
    // The build the journeys use (made once by the global set-up, with its manifest).
    const outDir = builtSpaDir();
    const results: Result[] = measure(root, outDir);
    const home = results.find((r) => r.route === '/');
    expect(home).toBeDefined();
    // The carousel (jQuery + owl) and the editor load after the first paint, never with the home page.
    expect(home!.files.some((f) => /DoctorsCarousel|RichTextEditor|CountryGovernment/.test(f))).toBe(false);
    expect(budgets['/']).toEqual({ js: 150 * 1024, css: 35 * 1024 });
    // Every route is measured, each settings tab on its own.
    expect(results.map((r) => r.route)).toEqual(
      expect.arrayContaining(['/account/register', '/account/doctor', '/account/pharmacist', '/checkout', '/settings/profile', '/admin/*', '/*']),
    );
    for (const route of ['/account/register', '/account/doctor', '/account/pharmacist', '/checkout']) {
      expect(results.find((r) => r.route === route)!.budget.js).toBe(150 * 1024);
    }
    expect(results.find((r) => r.route === '/settings/profile')!.budget.js).toBe(151 * 1024);
    // The country and government lists come from the API: their data is in no chunk at all.
    expect(bundledServerOnly(outDir)).toEqual([]);
    expect(overBudget(results, outDir)).toEqual([]);
  });
});
