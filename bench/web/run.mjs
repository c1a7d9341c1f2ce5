import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { chromePath, quietChromiumArgs } from '../../scripts/chromium.mjs';
import { buildSpaIfStale } from '../../scripts/spa-build.mjs';
import { printBaseline } from '../machine.mjs';
import { freePort, root, startPortal } from '../portal.mjs';

/**
 * Web benchmark: Lighthouse (mobile, default simulated throttling) against the built app served by
 * the real server, in Debian's Chromium. Each page runs BENCH_RUNS times (3 by default) and the
 * median run by performance score is reported.
 * Goals: performance ≥ 95, LCP ≤ 2.0 s, TBT ≤ 100 ms, CLS ≤ 0.05.
 *
 *   npm run bench:web      (SPA_DIR to use another build directory; CHROME_PATH for another Chromium)
 */
const pages = ['/', '/shop', '/doctors'];
const runs = Number(process.env.BENCH_RUNS ?? 3);
const goals = { score: 95, lcpMs: 2000, tbtMs: 100, cls: 0.05 };

async function launchChromium() {
  const port = await freePort();
  const profile = mkdtempSync(path.join(os.tmpdir(), 'bench-chromium-'));
  const child = spawn(chromePath, ['--headless=new', `--remote-debugging-port=${port}`, `--user-data-dir=${profile}`, ...quietChromiumArgs, 'about:blank'], {
    stdio: 'ignore',
  });
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/json/version`)).ok) break;
    } catch {
      /* still starting */
    }
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`Chromium (${chromePath}) did not start`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    port,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((r) => child.once('exit', r));
      }
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

const spaDir = process.env.SPA_DIR ? path.resolve(process.env.SPA_DIR) : path.join(root, 'dist');
console.log('Web benchmark (Lighthouse, mobile, default throttling)');
printBaseline();
const lhPackage = createRequire(import.meta.url)('lighthouse/package.json');
console.log(`Browser:  ${chromePath}; Lighthouse ${lhPackage.version}; ${runs} run(s) per page, median reported\n`);
await buildSpaIfStale(spaDir);

const portal = await startPortal({ spaDir });
const chromium = await launchChromium();
const results = [];
try {
  for (const page of pages) {
    const measured = [];
    for (let i = 0; i < runs; i += 1) {
      const outcome = await lighthouse(`${portal.url}${page}`, { port: chromium.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
      const lhr = outcome?.lhr;
      if (!lhr) throw new Error(`Lighthouse returned nothing for ${page}`);
      if (lhr.runtimeError) throw new Error(`Lighthouse failed on ${page}: ${lhr.runtimeError.message}`);
      measured.push({
        score: Math.round((lhr.categories.performance.score ?? 0) * 100),
        lcp: lhr.audits['largest-contentful-paint'].numericValue,
        tbt: lhr.audits['total-blocking-time'].numericValue,
        cls: lhr.audits['cumulative-layout-shift'].numericValue,
        fcp: lhr.audits['first-contentful-paint'].numericValue,
        // The largest savings Lighthouse sees, so a missed goal comes with its likely cause.
        hints: Object.values(lhr.audits)
          .filter((a) => a.details?.type === 'opportunity' && (a.details.overallSavingsMs ?? 0) >= 100)
          .sort((a, b) => b.details.overallSavingsMs - a.details.overallSavingsMs)
          .slice(0, 3)
          .map((a) => `${a.id} ~${Math.round(a.details.overallSavingsMs)} ms`),
        // What moved, when the layout shifts.
        shifts: (lhr.audits['layout-shifts']?.details?.items ?? [])
          .slice(0, 2)
          .map((item) => `${item.node?.selector ?? item.node?.snippet ?? 'unknown'} (${Number(item.score ?? 0).toFixed(3)})`),
      });
    }
    measured.sort((a, b) => a.score - b.score);
    const median = measured[Math.floor(measured.length / 2)];
    console.log(
      `${page}: scores ${measured.map((m) => m.score).join(', ')}${median.hints.length ? `; largest savings: ${median.hints.join(', ')}` : ''}${median.shifts.length ? `; shifted: ${median.shifts.join(', ')}` : ''}`,
    );
    results.push({ page, ...median });
  }
} finally {
  await chromium.stop();
  await portal.stop();
}

console.log('\n| Page | Performance | FCP s | LCP s | TBT ms | CLS | goal |');
console.log('|---|---:|---:|---:|---:|---:|---|');
let allMet = true;
for (const r of results) {
  const misses = [
    r.score < goals.score && `score < ${goals.score}`,
    r.lcp > goals.lcpMs && `LCP > ${goals.lcpMs / 1000} s`,
    r.tbt > goals.tbtMs && `TBT > ${goals.tbtMs} ms`,
    r.cls > goals.cls && `CLS > ${goals.cls}`,
  ].filter(Boolean);
  allMet &&= misses.length === 0;
  console.log(
    `| ${r.page} | ${r.score} | ${(r.fcp / 1000).toFixed(2)} | ${(r.lcp / 1000).toFixed(2)} | ${Math.round(r.tbt)} | ${r.cls.toFixed(3)} | ${misses.length ? `NOT met (${misses.join(', ')})` : 'met'} |`,
  );
}
console.log(`\nGoals (performance ≥ ${goals.score}, LCP ≤ 2.0 s, TBT ≤ 100 ms, CLS ≤ 0.05): ${allMet ? 'all met' : 'not all met'}`);
