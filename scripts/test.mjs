import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { journeyChromePath } from './chromium.mjs';
import { buildServerIfStale } from './server-build.mjs';
import { unexplainedFailure } from './vitest-failure.mjs';

/**
 * `npm test`: typecheck, lint, the SPA's component tests, the server tests, the page-weight check and
 * (when Chromium is available) the end-to-end journeys. Ends with one line of totals:
 * `N passed, M failed, K skipped`.
 *
 *   node scripts/test.mjs                      everything
 *   node scripts/test.mjs --only server,e2e    some stages (typecheck, lint, spa, server, bundle, e2e)
 *
 * Stages that do not depend on each other run at the same time, and the SPA is built once (with its
 * manifest) for both the page-weight check and the journeys. Each stage's output is printed in one
 * block when it ends, so parallel stages do not interleave.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const onlyArg = process.argv.find((a) => a.startsWith('--only'));
const only = onlyArg ? (onlyArg.includes('=') ? onlyArg.split('=')[1] : process.argv[process.argv.indexOf(onlyArg) + 1]).split(',') : null;
const wanted = (stage) => !only || only.includes(stage);
const chrome = journeyChromePath;
const reportDir = path.join(root, '.tmp', 'reports');
rmSync(reportDir, { recursive: true, force: true });
mkdirSync(reportDir, { recursive: true });
const started = Date.now();
const seconds = (since) => `${Math.round((Date.now() - since) / 1000)} s`;

let passed = 0;
let failed = 0;
let skipped = 0;
const summary = [];
/** Skipped tests counted per suite; a suite that may be skipped says why in its name. */
const skippedSuites = new Map();

/** Runs a command with its output collected, then printed as one block. Resolves to success and the output. */
function run(label, command, args, env = {}) {
  const since = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, env: { ...process.env, FORCE_COLOR: '0', ...env } });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('close', (code) => {
      console.log(`\n▶ ${label} (${seconds(since)})\n${output.trimEnd()}`);
      resolve({ ok: code === 0, output });
    });
  });
}

async function step(label, command, args) {
  const { ok } = await run(label, command, args);
  if (ok) passed += 1;
  else failed += 1;
  summary.push(`${ok ? '✔' : '✘'} ${label}`);
}

async function vitest(project, extraEnv = {}) {
  const out = path.join(reportDir, `${project}.json`);
  const { ok, output } = await run(
    `${project} tests`,
    'npx',
    ['vitest', 'run', '--project', project, '--reporter=default', '--reporter=json', `--outputFile.json=${out}`],
    extraEnv,
  );
  if (!existsSync(out)) {
    failed += 1;
    summary.push(`✘ ${project} tests (the runner did not finish)`);
    return;
  }
  const report = JSON.parse(readFileSync(out, 'utf8'));
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  const skippedHere = report.numPendingTests + report.numTodoTests;
  skipped += skippedHere;
  // A suite that may be skipped says why in its name, e.g. "… (runs when DATABASE_URL is set)".
  for (const file of report.testResults) {
    for (const test of file.assertionResults) {
      if (test.status !== 'pending' && test.status !== 'skipped' && test.status !== 'todo') continue;
      const suite = `${project}: ${test.ancestorTitles[0] ?? test.title}`;
      skippedSuites.set(suite, (skippedSuites.get(suite) ?? 0) + 1);
    }
  }
  // A file that failed to load has no failed tests but must still fail the run.
  const brokenFiles = report.testResults.filter((f) => f.status === 'failed' && f.assertionResults.every((a) => a.status !== 'failed')).length;
  failed += brokenFiles;
  const unexplained = !ok && report.numFailedTests === 0 && brokenFiles === 0;
  if (unexplained) failed += 1;
  summary.push(
    `${ok ? '✔' : '✘'} ${project} tests: ${report.numPassedTests} passed, ${report.numFailedTests + brokenFiles} failed${skippedHere ? `, ${skippedHere} skipped` : ''}`,
  );
  if (unexplained) summary.push(`  but the run failed:\n${unexplainedFailure(output).replace(/^/gm, '  │ ')}`);
}

/**
 * The one production build the page-weight check and the journeys share. It runs in a process of its
 * own: the build sets NODE_ENV=production while it runs, which the component tests started at the same
 * time must not inherit.
 */
async function buildSpa() {
  if (process.env.SPA_DIR) return true;
  const outDir = path.join(root, '.tmp/dist-e2e');
  const script = `import(${JSON.stringify(pathToFileURL(path.join(root, 'scripts/spa-build.mjs')).href)}).then((m) => m.buildSpaIfStale(${JSON.stringify(outDir)}, { quiet: true, manifest: true }))`;
  const { ok } = await run('SPA build for the tests', process.execPath, ['--input-type=module', '-e', script]);
  if (ok) process.env.SPA_DIR = outDir;
  else {
    failed += 1;
    summary.push('✘ SPA build');
  }
  return ok;
}

const needsBuild = wanted('bundle') || wanted('e2e');

// The server bundle `npm start` runs is made before the stages start (about a second), so the
// journeys and the server test of `npm start` all run the same one and never write it at once.
if (wanted('server') || wanted('e2e')) {
  const since = Date.now();
  const ok = await buildServerIfStale({ quiet: true }).then(
    () => true,
    (error) => (console.log(String(error)), false),
  );
  console.log(`\n▶ server bundle (${seconds(since)})`);
  if (!ok) {
    failed += 1;
    summary.push('✘ server bundle');
  }
}

const hasChrome = existsSync(chrome);

// Typecheck and lint only read files; they share the two cores with the build.
const built = Promise.all([
  // TypeScript 7, the native compiler (a third of 6.0's time); typescript-eslint keeps using 6.0's API.
  wanted('typecheck') ? step('typecheck', 'npm', ['run', '--silent', 'typecheck']) : null,
  // `npm run lint`: ESLint (rules and architecture boundaries) and Prettier's formatting check.
  wanted('lint') ? step('lint', 'npm', ['run', '--silent', 'lint']) : null,
  needsBuild ? buildSpa() : true,
]).then(([, , ok]) => ok);

// The component tests and the server tests are independent of the build and of each other.
await Promise.all([wanted('spa') ? vitest('spa') : null, wanted('server') ? vitest('server') : null, built]);

if (await built) {
  if (wanted('bundle')) await vitest('bundle');
  if (wanted('e2e')) {
    if (hasChrome) {
      console.log(`\nJourneys in ${chrome}`);
      await vitest('e2e', { CHROME_PATH: chrome });
    } else {
      console.log(`\n⚠ End-to-end journeys SKIPPED: no Chromium at ${chrome} (install it, or set CHROME_PATH).`);
      summary.push('⚠ e2e tests skipped: no Chromium');
    }
  }
}

console.log('\n' + summary.join('\n'));
if (skippedSuites.size) console.log(`Skipped:\n${[...skippedSuites].map(([suite, n]) => `  ${n} × ${suite}`).join('\n')}`);
console.log(`Took ${seconds(started)}.`);
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed === 0 ? 0 : 1);
