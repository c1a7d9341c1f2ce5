import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The server as `npm start` and the journeys run it: server/index.ts and the sanitizer's worker
 * bundled into plain JavaScript under build/, the packages left in node_modules. Started from the
 * bundle, the server spends no time compiling TypeScript (a third less CPU per start than through
 * tsx), and the journeys test the same files that `npm start` runs.
 *
 * build/ sits directly under the project, as server/ does, so the server finds the project (its
 * data and SPA folders) one folder up either way.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const serverBundleDir = path.join(root, 'build');
export const serverEntry = path.join(serverBundleDir, 'server.mjs');
/** The project files the last bundle was made from (esbuild's list), to know when it is stale. */
const inputsFile = path.join(serverBundleDir, 'inputs.json');

export function serverIsStale() {
  if (!existsSync(serverEntry) || !existsSync(inputsFile)) return true;
  const built = statSync(serverEntry).mtimeMs;
  const inputs = [...JSON.parse(readFileSync(inputsFile, 'utf8')), 'package-lock.json'];
  return inputs.some((file) => !existsSync(path.join(root, file)) || statSync(path.join(root, file)).mtimeMs > built);
}

/**
 * In source runs the sanitizer's worker registers tsx to import the TypeScript it uses; in the
 * bundle that code is already JavaScript, so the registration becomes a function that does nothing.
 */
const noTypeScriptLoader = {
  name: 'no-typescript-loader',
  setup(build) {
    build.onResolve({ filter: /^tsx\/esm\/api$/ }, () => ({ path: 'tsx', namespace: 'no-typescript-loader' }));
    build.onLoad({ filter: /.*/, namespace: 'no-typescript-loader' }, () => ({ contents: 'export function register() {}', loader: 'js' }));
  },
};

export async function buildServerIfStale({ quiet = false } = {}) {
  if (!serverIsStale()) return false;
  if (!quiet) console.log('Building the server into build/ ...');
  const { build } = await import('esbuild');
  const result = await build({
    absWorkingDir: root,
    entryPoints: { server: 'server/index.ts', 'sanitize-worker': 'server/lib/sanitize-worker.mjs' },
    outdir: serverBundleDir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    plugins: [noTypeScriptLoader],
    metafile: true,
    logLevel: quiet ? 'error' : 'warning',
  });
  const inputs = Object.keys(result.metafile.inputs).filter((file) => !file.includes(':') && !file.startsWith('node_modules/'));
  writeFileSync(inputsFile, JSON.stringify(inputs));
  return true;
}
