import { createServer } from 'node:net';
import pg from 'pg';
import type { Socket } from 'socket.io-client';
import { afterAll, describe, expect, it } from 'vitest';
import { apiLogin, registerAccount, startPortal, type Portal } from '../e2e/harness.js';
import { call, connectSocket, nextEvent } from '../e2e/production/helpers.js';

/**
 * Real server processes against failing services, as an operator would see them. The Redis test
 * needs nothing; the PostgreSQL ones run in CI's PostgreSQL + Redis pass (DATABASE_URL and REDIS_URL
 * set), on a database of their own, because they terminate every connection to it.
 */
const base = process.env.DATABASE_URL;
const enabled = Boolean(base && process.env.REDIS_URL);
if (!enabled)
  console.warn(
    'chaos: PostgreSQL tests SKIPPED. Set DATABASE_URL (PostgreSQL) and REDIS_URL to start instances on an empty database and terminate its connections under load.',
  );

const secret = { JWT_SECRET: 'chaos-secret-chaos-secret-chaos-secret-0123' };
const portals: Portal[] = [];
afterAll(async () => {
  for (const p of portals.reverse()) await p.dispose().catch(() => undefined);
});

function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => resolve(typeof address === 'object' && address ? address.port : 1));
    });
  });
}

const health = async (portal: Portal) => {
  try {
    const res = await fetch(`${portal.url}/api/health`, { signal: AbortSignal.timeout(2_000) });
    return { status: res.status, body: (await res.json()) as Record<string, string> };
  } catch {
    return { status: 0, body: {} };
  }
};

async function until(check: () => Promise<boolean>, ms: number) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 250));
  }
  return false;
}

describe('Redis on a closed port', () => {
  it('keeps HTTP and single-instance chat working, says redis "down" in health, and stays up', async () => {
    const port = await closedPort();
    const portal = await startPortal({ seed: false, env: { DATABASE_URL: '', REDIS_URL: `redis://127.0.0.1:${port}` } });
    portals.push(portal);
    // Well past the 4 seconds in which an unreachable Redis used to end the process.
    await new Promise((r) => setTimeout(r, 6_000));
    const state = await health(portal);
    expect(state.status, portal.logs()).toBe(200);
    expect(state.body).toMatchObject({ status: 'degraded', database: 'up', redis: 'down' });
    expect((await call(portal, 'GET', 'doctors')).status).toBe(200);

    const account = (await registerAccount(portal, 'patient')) as unknown as { email: string; password: string };
    const { token, user } = await apiLogin(portal, account.email, account.password);
    const socket = await connectSocket(portal, token);
    try {
      // Her list names only the people she has a conversation with (none yet): an answer at all shows
      // the socket identified her and presence ran on this process's own memory.
      const online = nextEvent<Record<string, boolean>>(socket, 'onlineList', (list) => typeof list === 'object' && list[user._id] === undefined);
      socket.emit('goOnline', token);
      socket.emit('getOnlineList');
      await online;
    } finally {
      socket.close();
    }
    expect(portal.logs()).not.toMatch(/MaxRetriesPerRequestError|Unhandled/);
  }, 120_000);
});

describe.skipIf(!enabled)('two instances on PostgreSQL + Redis under database failures (runs when DATABASE_URL and REDIS_URL are set)', () => {
  const dbName = `chaos_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 6)}`;
  const url = new URL(base ?? 'postgres://localhost/x');
  url.pathname = `/${dbName}`;
  const chaosUrl = url.toString();
  let a: Portal;
  let b: Portal;

  const admin = async <T>(work: (c: pg.Client) => Promise<T>) => {
    const c = new pg.Client({ connectionString: base });
    await c.connect();
    try {
      return await work(c);
    } finally {
      await c.end();
    }
  };
  const terminateAll = () =>
    admin((c) => c.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [dbName]));

  afterAll(async () => {
    for (const p of [b, a]) await p?.stop().catch(() => undefined);
    await admin((c) => c.query(`drop database if exists ${dbName} with (force)`)).catch(() => undefined);
  });

  it('starts two instances at once on an empty database: one migrates and seeds, both come up', async () => {
    await admin((c) => c.query(`create database ${dbName}`));
    // One portal of two instances: one database and one Redis prefix.
    const env = { ...secret, DATABASE_URL: chaosUrl, REDIS_PREFIX: dbName };
    [a, b] = await Promise.all([startPortal({ env }), startPortal({ env })]);
    portals.push(a, b);
    for (const p of [a, b]) expect((await health(p)).body, p.logs()).toMatchObject({ status: 'ok', database: 'up', redis: 'up' });
    const users = await admin(async (c) => {
      await c.query(`select 1`);
      const other = new pg.Client({ connectionString: chaosUrl });
      await other.connect();
      const res = await other.query(`select count(*)::int as n from users where email = 'patient@clinic.test'`);
      await other.end();
      return res.rows[0].n as number;
    });
    expect(users).toBe(1);
  }, 240_000);

  it('keeps both instances serving when every database connection is terminated under load, and loses no acknowledged order or message', async () => {
    expect(a && b).toBeTruthy();
    const { token } = await apiLogin(a, 'patient@clinic.test', 'Patient#2026');
    const chatId: string = (await call(b, 'GET', 'chat', { token })).body.chats[0]._id;
    const sockets: Socket[] = [await connectSocket(a, token), await connectSocket(b, token)];
    const paid = new Set<string>();
    const sent: string[] = [];
    let refused = 0;
    const kills = [setTimeout(() => void terminateAll(), 1_500), setTimeout(() => void terminateAll(), 4_000)];
    try {
      for (let i = 0; i < 14; i += 1) {
        const portal = i % 2 ? b : a;
        const socket = sockets[i % 2] as Socket;
        const content = `chaos message ${i}`;
        const [order, message] = await Promise.all([
          (async () => {
            await call(portal, 'POST', 'cart', { token, fields: { product: 'paracetamol-500-mg', quantity: '1' } });
            const year = String((new Date().getUTCFullYear() + 2) % 100);
            return call(portal, 'POST', 'checkout', {
              token,
              headers: { 'Idempotency-Key': `chaos-order-${dbName}-${i}` },
              fields: { number: '4242424242424242', exp_month: '08', exp_year: year, cvc: '123', currency: 'usd', location: '1 Chaos St' },
            });
          })().catch(() => ({ status: 0, body: {} as { orders?: { _id: string }[] } })),
          socket
            .timeout(5_000)
            .emitWithAck('sendMessage', { chatId, content, sender: token })
            .catch(() => ({ message: 'no answer' })),
        ]);
        if (order.status === 200) for (const o of (order.body.orders ?? []) as { _id: string }[]) paid.add(o._id);
        else refused += 1;
        if ((message as { ok?: boolean }).ok) sent.push(content);
        await new Promise((r) => setTimeout(r, 150));
      }
    } finally {
      kills.forEach(clearTimeout);
    }

    // Both processes are still up and serve again by themselves.
    for (const p of [a, b]) expect(await until(async () => (await health(p)).status === 200, 15_000), p.logs()).toBe(true);
    for (const p of [a, b]) expect((await call(p, 'GET', 'doctors')).status).toBe(200);
    expect(paid.size).toBeGreaterThan(0);
    expect(sent.length).toBeGreaterThan(0);
    console.info(`chaos: ${paid.size} orders and ${sent.length} messages acknowledged, ${refused} checkouts refused during the outages`);

    // Every acknowledged order and message is stored, whichever instance is asked.
    const orders = new Set(((await call(b, 'GET', 'orders/user', { token })).body.orders as { _id: string }[]).map((o) => o._id));
    for (const id of paid) expect(orders.has(id)).toBe(true);
    const list = nextEvent<{ content: string }[]>(sockets[0] as Socket, 'chat', (l) => Array.isArray(l));
    (sockets[0] as Socket).emit('getMessages', chatId);
    const stored = new Set((await list).map((m) => m.content));
    for (const content of sent) expect(stored.has(content)).toBe(true);
    for (const s of sockets) s.close();
    for (const p of [a, b]) expect(p.logs()).not.toMatch(/Unhandled 'error' event|uncaught/i);
  }, 180_000);
});
