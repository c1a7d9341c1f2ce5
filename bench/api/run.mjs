import { spawn } from 'node:child_process';
import path from 'node:path';
import { printBaseline } from '../machine.mjs';
import { root, startPortal } from '../portal.mjs';
import { runLoad } from './load.mjs';

/**
 * API benchmark: 100 keep-alive connections against a bare Fastify route and against the portal's
 * busiest calls, each in its own server process, measured by the same load generator in this run.
 * Goals: reads reach at least 0.40 of the bare route's requests per second with p99 ≤ 25 ms; POST cart p99 ≤ 50 ms.
 *
 *   npm run bench:api            (BENCH_SECONDS=10 by default; DATABASE_URL runs it on PostgreSQL)
 */
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 100);
const goals = { readRatio: 0.4, p99Ms: 25, writeP99Ms: 50 };

function startBare() {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(root, 'bench/api/bare-server.mjs')], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
    child.stdout.on('data', (d) => {
      const port = /listening (\d+)/.exec(String(d))?.[1];
      if (port) resolve({ url: `http://127.0.0.1:${port}`, stop: () => new Promise((r) => (child.kill('SIGTERM'), child.once('exit', r))) });
    });
    child.once('exit', (code) => reject(new Error(`the bare server exited (${code})`)));
  });
}

function multipartBody(fields) {
  const boundary = `----bench${Date.now().toString(16)}`;
  const parts = Object.entries(fields).map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`);
  return { body: Buffer.from(`${parts.join('')}--${boundary}--\r\n`), type: `multipart/form-data; boundary=${boundary}` };
}

async function probe(url, init) {
  const res = await fetch(url, init);
  const json = await res.json().catch(() => ({}));
  return { status: res.status, json };
}

const fmt = (n, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : '-');

console.log('API benchmark (autocannon-style, node:http keep-alive)');
printBaseline();
console.log(`Load:     ${connections} connections, ${seconds} s per target after a 2 s warm-up\n`);

const bare = await startBare();
const portal = await startPortal();
console.log(`Portal:   ${portal.url} on ${portal.database}, LOG_LEVEL=warn\n`);

const results = [];
try {
  const login = multipartBody({ email: 'patient@clinic.test', password: 'Patient#2026' });
  const session = await probe(`${portal.url}/api/auth/login`, { method: 'POST', body: login.body, headers: { 'content-type': login.type } });
  const token = session.json?.user?.tokens?.[0]?.token;
  if (!token) throw new Error(`the demo patient could not log in: ${JSON.stringify(session.json)}`);
  const firstPage = await probe(`${portal.url}/api/medicines/?page=1`);
  // A product anyone may buy: one sold only against a prescription would answer 403.
  const slug = firstPage.json?.products?.find?.((p) => !p.prescriptionOnly && (p.quantity === undefined || p.quantity > 0))?.slug;
  const cart = multipartBody({ product: slug ?? 'missing', quantity: '1' });

  const targets = [
    { name: 'bare Fastify route', url: `${bare.url}/bare`, kind: 'reference' },
    { name: 'GET medicines/?page=1', url: `${portal.url}/api/medicines/?page=1`, kind: 'read' },
    { name: 'GET doctors', url: `${portal.url}/api/doctors`, kind: 'read' },
    { name: 'GET blog', url: `${portal.url}/api/blog`, kind: 'read' },
    {
      name: 'POST cart (multipart)',
      url: `${portal.url}/api/cart`,
      kind: 'write',
      method: 'POST',
      body: cart.body,
      headers: { 'content-type': cart.type, authorization: token },
    },
  ];

  for (const target of targets) {
    const check = await probe(target.url, { method: target.method ?? 'GET', body: target.body, headers: target.headers });
    if (check.status !== 200) {
      console.log(`${target.name}: skipped, it answers ${check.status} ${JSON.stringify(check.json).slice(0, 120)}`);
      results.push({ ...target, skipped: `answers ${check.status}` });
      continue;
    }
    process.stdout.write(`${target.name}: running ...`);
    const r = await runLoad({ url: target.url, method: target.method, headers: target.headers, body: target.body, connections, durationMs: seconds * 1000 });
    process.stdout.write(` ${fmt(r.rps, 0)} req/s\n`);
    results.push({ ...target, ...r });
  }
} finally {
  await portal.stop();
  await bare.stop();
}

const reference = results[0]?.rps;
console.log('\n| Target | req/s | p50 ms | p99 ms | ratio to bare | non-2xx | goal |');
console.log('|---|---:|---:|---:|---:|---:|---|');
let allMet = true;
for (const r of results) {
  if (r.skipped) {
    console.log(`| ${r.name} | - | - | - | - | - | not measured (${r.skipped}) |`);
    allMet = false;
    continue;
  }
  const ratio = r.rps / reference;
  const nonOk = r.requests - r.ok + r.errors;
  let goal = '';
  if (r.kind !== 'reference') {
    const ratioOk = r.kind !== 'read' || ratio >= goals.readRatio;
    const p99Limit = r.kind === 'read' ? goals.p99Ms : goals.writeP99Ms;
    const p99Ok = r.p99 <= p99Limit;
    const met = ratioOk && p99Ok && nonOk === 0;
    allMet &&= met;
    goal = met
      ? 'met'
      : `NOT met (${[!ratioOk && `ratio < ${goals.readRatio}`, !p99Ok && `p99 > ${p99Limit} ms`, nonOk && 'errors'].filter(Boolean).join(', ')})`;
  }
  console.log(
    `| ${r.name} | ${fmt(r.rps, 0)} | ${fmt(r.p50, 2)} | ${fmt(r.p99, 2)} | ${r.kind === 'reference' ? '1.00' : fmt(ratio, 2)} | ${nonOk} | ${goal} |`,
  );
}
console.log(
  `\nGoals (reads ≥ ${goals.readRatio} of the bare route and p99 ≤ ${goals.p99Ms} ms; POST cart p99 ≤ ${goals.writeP99Ms} ms): ${allMet ? 'all met' : 'not all met'}`,
);
