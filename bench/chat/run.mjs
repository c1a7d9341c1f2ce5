import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { io } from 'socket.io-client';
import { printBaseline } from '../machine.mjs';
import { signUpAccount, startPortal } from '../portal.mjs';

/**
 * Chat round-trip latency with 500 connected clients: 50 patient–doctor pairs, 5 sockets per
 * person, every socket online and viewing its chat. Messages are sent at a steady rate; for each
 * one we time (a) delivery: emit → the other person's socket receives the list holding it, and
 * (b) echo: emit → the sender's own socket receives it. Run once on one process, then (when Redis
 * answers at REDIS_URL, default redis://127.0.0.1:6379) with the patients on one process and the
 * doctors on another, so every delivery crosses Redis.
 *
 *   npm run bench:chat            (MESSAGES=2000 RATE=100 to change the load)
 */

const PAIRS = 50;
const SOCKETS_PER_PERSON = 5;
const MESSAGES = Number(process.env.MESSAGES ?? 2000);
const RATE = Number(process.env.RATE ?? 100); // messages per second, spread over the pairs
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

async function call(url, method, endpoint, { token, fields } = {}) {
  let body;
  if (fields) {
    body = new FormData();
    for (const [k, v] of Object.entries(fields)) body.append(k, v);
  }
  const res = await fetch(`${url}/api/${endpoint}`, { method, body, headers: token ? { authorization: token } : {} });
  const json = await res.json().catch(() => ({}));
  if (!res.ok) throw new Error(`${method} ${endpoint}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

async function account(url, role, n) {
  const { email, password } = await signUpAccount(url, role, n);
  const login = await call(url, 'POST', 'auth/login', { fields: { email, password } });
  return { token: login.token, id: login.user._id };
}

/** 50 pairs, each with a chat opened the real way: the doctor publishes a slot, the patient reserves it. */
async function makePairs(url) {
  const day = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);
  const pairs = [];
  for (let batch = 0; batch < PAIRS; batch += 10) {
    pairs.push(
      ...(await Promise.all(
        Array.from({ length: Math.min(10, PAIRS - batch) }, async (_, k) => {
          const n = batch + k;
          const [patient, doctor] = await Promise.all([account(url, 'patient', n), account(url, 'doctor', n)]);
          const added = await call(url, 'POST', 'appointment', { token: doctor.token, fields: { date: day, time: '10:30' } });
          const reserved = await call(url, 'POST', `appointment/reserve/?appointment=${added.appointment._id}&receiver=${doctor.id}`, {
            token: patient.token,
            fields: {},
          });
          return { patient, doctor, chatId: reserved.chat };
        }),
      )),
    );
  }
  return pairs;
}

function connect(url) {
  const socket = io(url, { transports: ['websocket'], forceNew: true, reconnection: false });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

/** Every person's sockets go online and view their chat; resolves when the server handled it all. */
async function prepare(socket, token, chatId) {
  socket.emit('goOnline', token);
  socket.emit('joinChat', chatId);
  await socket.emitWithAck('getOnlineList');
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const ms = (v) => `${v.toFixed(2)} ms`;

async function measure(label, patientUrl, doctorUrl, pairs) {
  const sockets = [];
  const people = [];
  for (const pair of pairs) {
    const mine = { pair, patient: [], doctor: [] };
    for (let i = 0; i < SOCKETS_PER_PERSON; i++) {
      mine.patient.push(await connect(patientUrl));
      mine.doctor.push(await connect(doctorUrl));
    }
    sockets.push(...mine.patient, ...mine.doctor);
    people.push(mine);
  }
  await Promise.all(
    people.flatMap(({ pair, patient, doctor }) => [
      ...patient.map((s) => prepare(s, pair.patient.token, pair.chatId)),
      ...doctor.map((s) => prepare(s, pair.doctor.token, pair.chatId)),
    ]),
  );
  // Let the burst of online-list broadcasts from 500 sockets going online settle.
  await new Promise((r) => setTimeout(r, 2000));

  const pending = new Map();
  const delivery = [];
  const echo = [];
  const watch = (socket, kind) =>
    socket.on('chat', (list) => {
      const last = list[list.length - 1];
      const entry = last && pending.get(last.content);
      if (!entry || entry[kind] !== undefined) return;
      entry[kind] = performance.now() - entry.at;
      if (entry.delivery !== undefined && entry.echo !== undefined) {
        pending.delete(last.content);
        delivery.push(entry.delivery);
        echo.push(entry.echo);
        entry.done();
      }
    });
  for (const { patient, doctor } of people) {
    watch(patient[0], 'echo');
    watch(doctor[0], 'delivery');
  }

  const errors = [];
  for (const s of sockets) s.on('ErrorMessage', (e) => errors.push(e));
  const started = performance.now();
  const inFlight = [];
  for (let i = 0; i < MESSAGES; i++) {
    const { pair, patient } = people[i % people.length];
    const content = `bench ${label} ${i}`;
    inFlight.push(
      new Promise((done) => {
        pending.set(content, { at: performance.now(), done });
        patient[0].emit('sendMessage', { chatId: pair.chatId, content, sender: pair.patient.token });
      }),
    );
    const due = started + ((i + 1) * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  }
  await Promise.race([Promise.all(inFlight), new Promise((r) => setTimeout(r, 15_000))]);
  for (const s of sockets) s.close();

  const load = os
    .loadavg()
    .map((v) => v.toFixed(1))
    .join(' ');
  const d = [...delivery].sort((a, b) => a - b);
  const e = [...echo].sort((a, b) => a - b);
  const seconds = (performance.now() - started) / 1000;
  console.log(`\n${label}: ${sockets.length} clients, ${MESSAGES} messages at ${RATE}/s (${(delivery.length / seconds).toFixed(0)} delivered/s)`);
  console.log(`  delivered ${delivery.length}/${MESSAGES}, refused ${errors.length}; machine load average ${load} on ${os.cpus().length} cores`);
  if (d.length) {
    console.log(
      `  delivery to the other person  p50 ${ms(percentile(d, 50))}  p90 ${ms(percentile(d, 90))}  p99 ${ms(percentile(d, 99))}  max ${ms(d[d.length - 1])}`,
    );
    console.log(`  echo to the sender            p50 ${ms(percentile(e, 50))}  p99 ${ms(percentile(e, 99))}  max ${ms(e[e.length - 1])}`);
  }
  return { p50: d.length ? percentile(d, 50) : NaN, p99: d.length ? percentile(d, 99) : NaN, lost: MESSAGES - delivery.length };
}

async function redisAnswers(url) {
  const { Redis } = await import('ioredis');
  const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  try {
    await client.connect();
    return (await client.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}

printBaseline();
console.log(`Database: ${process.env.DATABASE_URL ? 'PostgreSQL' : 'SQLite'}`);
const results = {};

const single = await startPortal({ env: { LOG_LEVEL: 'warn' } });
try {
  const pairs = await makePairs(single.url);
  results.one = await measure('one process', single.url, single.url, pairs);
} finally {
  await single.stop();
}

if (process.env.ONLY === 'one') {
  console.log('\ntwo processes: SKIPPED (ONLY=one).');
} else if (process.env.DATABASE_URL) {
  console.log('\ntwo processes: SKIPPED on PostgreSQL (the bench shares a SQLite data directory between the two).');
} else if (!(await redisAnswers(redisUrl))) {
  console.log(`\ntwo processes: SKIPPED (no Redis at ${redisUrl}).`);
} else {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-bench-chat-'));
  const env = { DATA_DIR: dataDir, REDIS_URL: redisUrl };
  const a = await startPortal({ env });
  const b = await startPortal({ env });
  try {
    const pairs = await makePairs(a.url);
    results.two = await measure('two processes via Redis', a.url, b.url, pairs);
  } finally {
    await b.stop();
    await a.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const goal = (r, limit) => (r ? `${r.p99 <= limit && r.lost === 0 ? 'met' : 'NOT met'} (p99 ${ms(r.p99)} ≤ ${limit} ms, ${r.lost} lost)` : 'not run');
console.log(`\nGoal one process:   ${goal(results.one, 15)}`);
console.log(`Goal two processes: ${goal(results.two, 25)}`);
