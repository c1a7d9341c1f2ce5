import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * What each route downloads before it is interactive: the entry chunk (index.html) with everything it
 * imports statically, plus the route's lazy page chunk with its static imports, and the CSS of all of
 * them. Dynamic imports inside a page (the carousel, the editor, web-vitals) load later and are not
 * counted. Sizes are gzip (level 9), as a compressing proxy would send them.
 */

export const budgets = { '/': { js: 150 * 1024, css: 35 * 1024 } };

export function build(root, outDir) {
  const result = spawnSync('npx', ['vite', 'build', '--outDir', outDir, '--emptyOutDir', '--manifest', '--logLevel', 'error'], {
    cwd: root,
    stdio: 'inherit',
    // Under a test runner NODE_ENV is 'test', which would bundle React's development build.
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) throw new Error('The SPA build failed');
}

/** Route path → page module (relative to the repo), read from the router's lazy imports. */
export function routesOf(root) {
  const source = readFileSync(path.join(root, 'src/app/router.tsx'), 'utf8');
  const modules = new Map();
  for (const m of source.matchAll(/const (\w+) = lazy\(\(\) => import\('([^']+)'\)\)/g)) {
    modules.set(m[1], path.posix.join('src/app', m[2]).replace(/^src\/app\/\.\.\//, 'src/') + '.tsx');
  }
  const routes = [];
  for (const m of source.matchAll(/<Route\s+(index|path="([^"]+)")\s+element=\{<(\w+)/g)) {
    const module = modules.get(m[3]);
    if (module) routes.push({ route: m[1] === 'index' ? '/' : `/${m[2]}`, module });
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
  for (const { route, module } of routesOf(root)) {
    const js = new Set();
    const css = new Set();
    closure(entryKey, js, css);
    if (!manifest[module]) throw new Error(`No chunk for ${module} (route ${route})`);
    closure(module, js, css);
    const sum = (files) => [...files].reduce((total, f) => total + size(f), 0);
    results.push({ route, module, js: sum(js), css: sum(css), files: [...js, ...css] });
  }
  return results;
}

export function overBudget(results) {
  const problems = [];
  for (const [route, budget] of Object.entries(budgets)) {
    const r = results.find((x) => x.route === route);
    if (!r) problems.push(`route ${route} was not found`);
    else {
      if (r.js > budget.js) problems.push(`${route}: JavaScript ${kb(r.js)} is over the ${kb(budget.js)} budget`);
      if (r.css > budget.css) problems.push(`${route}: CSS ${kb(r.css)} is over the ${kb(budget.css)} budget`);
    }
  }
  return problems;
}

export const kb = (bytes) => `${(bytes / 1024).toFixed(1)} kB`;
export const hasBuild = (outDir) => existsSync(path.join(outDir, '.vite/manifest.json'));
