import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * `npm test`: typecheck, lint, the SPA's component tests, the server tests and (when Chromium is
 * available) the end-to-end journeys. Ends with one line of totals: `N passed, M failed`.
 *
 *   node scripts/test.mjs                 everything
 *   node scripts/test.mjs --only server,e2e   some stages (typecheck, lint, spa, server, e2e)
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const onlyArg = process.argv.find((a) => a.startsWith('--only'));
const only = onlyArg ? (onlyArg.includes('=') ? onlyArg.split('=')[1] : process.argv[process.argv.indexOf(onlyArg) + 1]).split(',') : null;
const wanted = (stage) => !only || only.includes(stage);
const chrome = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const reportDir = path.join(root, '.tmp', 'reports');
rmSync(reportDir, { recursive: true, force: true });
mkdirSync(reportDir, { recursive: true });

let passed = 0;
let failed = 0;
const summary = [];

function run(label, command, args, env = {}) {
  console.log(`\n▶ ${label}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status === 0;
}

function step(label, command, args) {
  const ok = run(label, command, args);
  if (ok) passed += 1;
  else failed += 1;
  summary.push(`${ok ? '✔' : '✘'} ${label}`);
}

function vitest(project, extraEnv = {}) {
  const out = path.join(reportDir, `${project}.json`);
  const ok = run(`${project} tests`, 'npx', ['vitest', 'run', '--project', project, '--reporter=default', '--reporter=json', `--outputFile.json=${out}`], extraEnv);
  if (!existsSync(out)) {
    failed += 1;
    summary.push(`✘ ${project} tests (the runner did not finish)`);
    return;
  }
  const report = JSON.parse(readFileSync(out, 'utf8'));
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  // A file that failed to load has no failed tests but must still fail the run.
  const brokenFiles = report.testResults.filter((f) => f.status === 'failed' && f.assertionResults.every((a) => a.status !== 'failed')).length;
  failed += brokenFiles;
  if (!ok && report.numFailedTests === 0 && brokenFiles === 0) failed += 1;
  summary.push(`${ok ? '✔' : '✘'} ${project} tests: ${report.numPassedTests} passed, ${report.numFailedTests + brokenFiles} failed`);
}

if (wanted('typecheck')) step('typecheck', 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.json']);
if (wanted('lint')) step('lint', 'npx', ['eslint', '--max-warnings=0', '.']);
if (wanted('spa')) vitest('spa');
if (wanted('server')) vitest('server');
if (wanted('e2e')) {
  if (existsSync(chrome)) vitest('e2e', { CHROME_PATH: chrome });
  else {
    console.log(`\n⚠ End-to-end journeys SKIPPED: no Chromium at ${chrome} (install it, or set CHROME_PATH).`);
    summary.push('⚠ e2e tests skipped: no Chromium');
  }
}

console.log('\n' + summary.join('\n'));
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
