import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * What each route downloads before it is interactive: the entry chunk (index.html) with everything it
 * imports statically, plus the route's lazy page chunk with its static imports (and, for a settings
 * page, its lazy tab chunk), and the CSS of all of them. The route → chunk mapping comes from Vite's
 * build manifest. Dynamic imports inside a page (the carousel, the editor, web-vitals) load later and
 * are not counted. Sizes are gzip (level 9), as a compressing proxy would send them.
 */

const kB = 1024;
/** Every route's budget unless it has its own below. */
export const defaultBudget = { js: 161 * kB, css: 35 * kB };
/**
 * The first page of every visit, the sign-up forms, checkout and the profile: pages people must get
 * through on any phone. Their country and government lists come from the API, not from the bundle.
 */
export const budgets = {
  ...Object.fromEntries(
    ['/', '/account/register', '/account/doctor', '/account/pharmacist', '/checkout'].map((route) => [route, { js: 150 * kB, css: 35 * kB }]),
  ),
  // The profile also holds a professional's licence form and the notice of a change awaiting review.
  '/settings/profile': { js: 151 * kB, css: 35 * kB },
};
export const budgetOf = (route) => budgets[route] ?? defaultBudget;

/** Libraries that must stay out of every SPA chunk, each found by text only its data contains. */
export const serverOnly = { 'country-state-city': /Aland Islands|Badakhshan/ };

export function build(root, outDir) {
  const result = spawnSync('npx', ['vite', 'build', '--outDir', outDir, '--emptyOutDir', '--manifest', '--logLevel', 'error'], {
    cwd: root,
    stdio: 'inherit',
    // Under a test runner NODE_ENV is 'test', which would bundle React's development build.
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) throw new Error('The SPA build failed');
}

const moduleOf = (from, specifier) => `${path.posix.normalize(path.posix.join(from, specifier))}.tsx`;

/** The settings tabs (path segment → module), each a lazy chunk of its own under /settings/:page. */
function settingsTabsOf(root) {
  const source = readFileSync(path.join(root, 'src/features/settings/tabs.ts'), 'utf8');
  return [...source.matchAll(/\{\s*path:\s*'([^']+)'[^}]*?import\('([^']+)'\)/g)].map((m) => ({ path: m[1], module: moduleOf('src/features/settings', m[2]) }));
}

/** Route path → the modules that render it (relative to the repo), read from the router's lazy imports. */
export function routesOf(root) {
  const source = readFileSync(path.join(root, 'src/app/router.tsx'), 'utf8');
  const modules = new Map();
  for (const m of source.matchAll(/const (\w+) = lazy\(\(\) => import\('([^']+)'\)\)/g)) modules.set(m[1], moduleOf('src/app', m[2]));
  const routes = [];
  for (const m of source.matchAll(/<Route\s+(index|path="([^"]+)")\s+element=\{<(\w+)/g)) {
    const module = modules.get(m[3]);
    if (!module) continue;
    const route = m[1] === 'index' ? '/' : `/${m[2]}`;
    // One settings route renders a different lazy tab per page: each page is measured with its tab.
    if (route === '/settings/:page/*') routes.push(...settingsTabsOf(root).map((tab) => ({ route: `/settings/${tab.path}`, modules: [module, tab.module] })));
    else routes.push({ route, modules: [module] });
  }
  return routes;
}

export function measure(root, outDir) {
  const manifest = JSON.parse(readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8'));
  const gz = new Map();
  const size = (file) => {
    if (!gz.has(file)) gz.set(file, gzipSync(readFileSync(path.join(outDir, file)), { level: 9 }).length);
    return gz.get(file);
  };
  // Static closure of a manifest entry: its file, its static imports and their CSS.
  const closure = (key, js, css) => {
    const chunk = manifest[key];
    if (!chunk || js.has(chunk.file)) return;
    js.add(chunk.file);
    for (const c of chunk.css ?? []) css.add(c);
    for (const i of chunk.imports ?? []) closure(i, js, css);
  };
  const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry && k.endsWith('index.html'));
  if (!entryKey) throw new Error('No index.html entry in the manifest');
  const results = [];
  for (const { route, modules } of routesOf(root)) {
    const js = new Set();
    const css = new Set();
    closure(entryKey, js, css);
    for (const module of modules) {
      if (!manifest[module]) throw new Error(`No chunk for ${module} (route ${route})`);
      closure(module, js, css);
    }
    const sum = (files) => [...files].reduce((total, f) => total + size(f), 0);
    results.push({ route, modules, js: sum(js), css: sum(css), budget: budgetOf(route), files: [...js, ...css] });
  }
  return results;
}

/** Every route over its budget, plus any server-only library found in a chunk of the build. */
export function overBudget(results, outDir) {
  const problems = [];
  for (const route of Object.keys(budgets)) if (!results.some((r) => r.route === route)) problems.push(`route ${route} was not found`);
  for (const r of results) {
    if (r.js > r.budget.js) problems.push(`${r.route}: JavaScript ${kb(r.js)} is over the ${kb(r.budget.js)} budget`);
    if (r.css > r.budget.css) problems.push(`${r.route}: CSS ${kb(r.css)} is over the ${kb(r.budget.css)} budget`);
  }
  if (outDir) for (const [library, file] of bundledServerOnly(outDir)) problems.push(`${file} contains ${library}, which only the server may use`);
  return problems;
}

/** [library, chunk] for each server-only library's data found in a built JavaScript chunk. */
export function bundledServerOnly(outDir) {
  const assets = path.join(outDir, 'assets');
  const found = [];
  for (const file of readdirSync(assets).filter((f) => f.endsWith('.js'))) {
    const text = readFileSync(path.join(assets, file), 'utf8');
    for (const [library, marker] of Object.entries(serverOnly)) if (marker.test(text)) found.push([library, `assets/${file}`]);
  }
  return found;
}

export const kb = (bytes) => `${(bytes / 1024).toFixed(1)} kB`;
export const hasBuild = (outDir) => existsSync(path.join(outDir, '.vite/manifest.json'));
