import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, kb, measure, overBudget } from './measure.mjs';

/**
 * `npm run bench:bundle`: builds the SPA, then prints per route the gzip JavaScript and CSS loaded
 * before the page is interactive with the route's budget, and checks every route against it and
 * that no chunk carries a server-only library (exit code 1 otherwise).
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const outDir = path.join(root, '.tmp/dist-bundle');
build(root, outDir);
const results = measure(root, outDir);
const width = Math.max(...results.map((r) => r.route.length)) + 2;
const columns = ['JS (gzip)', 'JS budget', 'CSS (gzip)', 'CSS budget'];
console.log(`\n${'route'.padEnd(width)}${columns.map((c) => c.padStart(12)).join('')}`);
for (const r of results) {
  const over = r.js > r.budget.js || r.css > r.budget.css ? '   OVER' : '';
  console.log(`${r.route.padEnd(width)}${[r.js, r.budget.js, r.css, r.budget.css].map((n) => kb(n).padStart(12)).join('')}${over}`);
}
const problems = overBudget(results, outDir);
if (problems.length) {
  console.error(`\nOver budget:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log(`\nEvery route (${results.length}) is within its budget.`);
