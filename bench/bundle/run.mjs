import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { budgets, build, kb, measure, overBudget } from './measure.mjs';

/**
 * `npm run bench:bundle`: builds the SPA, then prints per route the gzip JavaScript and CSS loaded
 * before the page is interactive, and checks the home page's budget (exit code 1 when over).
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const outDir = path.join(root, '.tmp/dist-bundle');
build(root, outDir);
const results = measure(root, outDir);
const width = Math.max(...results.map((r) => r.route.length)) + 2;
console.log(`\n${'route'.padEnd(width)}${'JS (gzip)'.padStart(12)}${'CSS (gzip)'.padStart(12)}`);
for (const r of results) {
  const budget = budgets[r.route];
  const mark = budget ? `   budget ${kb(budget.js)} JS, ${kb(budget.css)} CSS` : '';
  console.log(`${r.route.padEnd(width)}${kb(r.js).padStart(12)}${kb(r.css).padStart(12)}${mark}`);
}
const problems = overBudget(results);
if (problems.length) {
  console.error(`\nOver budget:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log('\nThe home page is within its budget.');
