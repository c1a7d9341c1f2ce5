import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Builds the SPA into `outDir` when the build is missing or older than any of its sources. */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const sources = ['src', 'public', 'index.html', 'vite.config.ts', 'package.json', 'tsconfig.json'];

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) {
    if (entry.endsWith('.test.tsx') || entry.endsWith('.test.ts')) continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

export function spaIsStale(outDir, { manifest = false } = {}) {
  const index = path.join(outDir, 'index.html');
  if (!existsSync(index)) return true;
  if (manifest && !existsSync(path.join(outDir, '.vite/manifest.json'))) return true;
  const built = statSync(index).mtimeMs;
  return sources.some((s) => newestMtime(path.join(root, s)) > built);
}

/**
 * `manifest: true` also writes Vite's build manifest, which the page-weight check reads; the tests
 * build once with it so the journeys and the budget check share one build. `npm start` leaves it out
 * so the served folder holds only the app.
 */
export async function buildSpaIfStale(outDir = path.join(root, 'dist'), { quiet = false, manifest = false } = {}) {
  if (!spaIsStale(outDir, { manifest })) return false;
  if (!quiet) console.log(`Building the web app into ${path.relative(root, outDir) || outDir} ...`);
  // Inside a test runner NODE_ENV is 'test', which would bundle React's development build.
  const previous = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  const { build } = await import('vite');
  try {
    await build({ root, mode: 'production', logLevel: quiet ? 'error' : 'warn', build: { outDir, emptyOutDir: true, manifest } });
  } finally {
    if (previous === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = previous;
  }
  return true;
}
