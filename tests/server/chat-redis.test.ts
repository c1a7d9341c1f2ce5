import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.js';
import { redisPresence } from '../../server/realtime/presence.js';
import type { App } from '../../server/types.js';
import { closeAndLeave, connect, listen, login, next, openChat, settle, type Client, type Message } from './chat-client.js';
import { signUpAndLogin, startTestServer, withToken, type TestServer } from './helpers.js';

/**
 * Two server instances on one database and one Redis, as behind a load balancer: a message sent
 * through one reaches sockets on the other, and both answer the same online list.
 */
const redisUrl = process.env.REDIS_URL;
if (!redisUrl) console.warn('chat-redis: SKIPPED. Set REDIS_URL to run two chat instances against one Redis.');

describe.skipIf(!redisUrl)('chat across two instances with Redis (runs when REDIS_URL is set)', () => {
  let first: TestServer;
  let second: App;
  let urlA: string;
  let urlB: string;
  const clients: Client[] = [];

  async function online(url: string, user: { token: string }) {
    const c = await connect(url);
    clients.push(c);
    c.socket.emit('goOnline', user.token);
    await settle(c);
    return c;
  }

  beforeAll(async () => {
    first = await startTestServer({ seed: true, env: { REDIS_URL: redisUrl ?? '' } });
    second = await buildApp({ config: first.config, database: first.database, logger: false });
    await second.ready();
    urlA = await listen(first.app);
    urlB = await listen(second);
  });
  afterAll(async () => {
    for (const c of clients) c.socket.close();
    await second?.close();
    await first?.close();
  });

  it('delivers a message sent through one instance to the other member on the other instance', async () => {
    const patient = await signUpAndLogin(first.app, 'patient');
    const doctor = await signUpAndLogin(first.app, 'doctor');
    const chatId = await openChat(first.app, patient.id, doctor.id);
    const p = await online(urlA, patient);
    const d = await online(urlB, doctor);
    d.socket.emit('joinChat', chatId);
    await settle(d);

    const content = 'Sent through instance A, read on instance B';
    const elsewhere = await online(urlB, doctor);
    const delivered = next<Message[]>(d, 'chat', (list) => list.some((m) => m.content === content));
    const moved = next<{ chatId: string }>(elsewhere, 'chatUpdated');
    p.socket.emit('sendMessage', { chatId, content, sender: patient.token });
    expect((await delivered).at(-1)).toMatchObject({ content, sender: { _id: patient.id } });
    expect(await moved).toMatchObject({ chatId, lastMessage: content, from: patient.id });
  });

  it('shares presence: online while a socket on either instance is, offline after the last one', async () => {
    const user = await signUpAndLogin(first.app, 'patient');
    const watching = await signUpAndLogin(first.app, 'doctor');
    // The list names only the people one has a conversation with.
    await openChat(first.app, user.id, watching.id);
    const watcher = await online(urlA, watching);
    const onB = await connect(urlB);
    clients.push(onB);
    const cameOnline = next<Record<string, boolean>>(watcher, 'onlineList', (list) => list[user.id] === true);
    onB.socket.emit('goOnline', user.token);
    await cameOnline;
    expect((await second.presence.list())[user.id]).toBe(true);

    const onA = await online(urlA, user);
    await closeAndLeave(second.presence, user.id, onB);
    expect((await first.app.presence.list())[user.id]).toBe(true);

    const wentOffline = next<Record<string, boolean>>(watcher, 'onlineList', (list) => !list[user.id]);
    onA.socket.close();
    await wentOffline;
    expect((await second.presence.list())[user.id]).toBeUndefined();
  });

  it('keeps another portal on the same Redis apart: its REDIS_PREFIX is its own', async () => {
    const other = await startTestServer({ env: { REDIS_URL: redisUrl ?? '' } });
    try {
      expect(other.config.redisPrefix).not.toBe(first.config.redisPrefix);
      const user = await signUpAndLogin(first.app, 'patient');
      await online(urlA, user);
      expect((await first.app.presence.list())[user.id]).toBe(true);
      expect((await other.app.presence.list())[user.id]).toBeUndefined();
    } finally {
      await other.close();
    }
  });

  it('counts one user’s message rate across both instances', async () => {
    const patient = await signUpAndLogin(first.app, 'patient');
    const doctor = await signUpAndLogin(first.app, 'doctor');
    const chatId = await openChat(first.app, patient.id, doctor.id);
    const a = await online(urlA, patient);
    const b = await online(urlB, patient);
    for (let i = 0; i < 30; i++) (i % 2 ? a : b).socket.emit('sendMessage', { chatId, content: `message ${i}`, sender: patient.token });
    await settle(a);
    await settle(b);
    const refused = next(b, 'ErrorMessage');
    b.socket.emit('sendMessage', { chatId, content: 'one too many', sender: patient.token });
    expect(await refused).toEqual({ message: 'You are sending messages too fast; please wait a moment' });
    const stored = await first.app.db.selectFrom('messages').select('id').where('chat_id', '=', chatId).execute();
    expect(stored).toHaveLength(30);
  });

  it('keeps an outsider out on the other instance too', async () => {
    const patient = await signUpAndLogin(first.app, 'patient');
    const doctor = await signUpAndLogin(first.app, 'doctor');
    const outsider = await signUpAndLogin(first.app, 'patient');
    const chatId = await openChat(first.app, patient.id, doctor.id);
    const o = await online(urlB, outsider);
    o.socket.emit('joinChat', chatId);
    expect(await next(o, 'ErrorMessage')).toEqual({ message: 'You are not part of this conversation' });
    // A conversation of the outsider's own, whose next message instance A sends after the private one.
    const ownChat = await openChat(first.app, outsider.id, doctor.id);
    o.socket.emit('joinChat', ownChat);
    await settle(o);
    const p = await online(urlA, patient);
    p.socket.emit('sendMessage', { chatId, content: 'private words', sender: patient.token });
    await next(p, 'chat');
    const d = await online(urlA, doctor);
    const ownMessage = next<Message[]>(o, 'chat', (list) => list.some((m) => m.content === 'after the private words'));
    d.socket.emit('sendMessage', { chatId: ownChat, content: 'after the private words', sender: doctor.token });
    await ownMessage;
    // Instance A published the private message before this one, and Redis delivers them to B in order.
    expect(o.received.chat?.some((list) => (list as Message[]).some((m) => m.content === 'private words')) ?? false).toBe(false);
  });

  /** A patient's socket on instance B that identified only by writing (sendMessage.sender = token), and a doctor on A. */
  async function writerOnB() {
    const patient = await signUpAndLogin(first.app, 'patient');
    const doctor = await signUpAndLogin(first.app, 'doctor');
    const chatId = await openChat(first.app, patient.id, doctor.id);
    const session = await login(first.app, patient.email, patient.password);
    const socket = await connect(urlB);
    clients.push(socket);
    socket.socket.emit('sendMessage', { chatId, content: 'Hello from B', sender: session.token });
    await next<Message[]>(socket, 'chat', (list) => list.some((m) => m.content === 'Hello from B'));
    const ended = new Promise<string>((resolve) => socket.socket.once('disconnect', resolve));
    return { patient, doctor, chatId, session, socket, ended };
  }

  it('ends a socket that identified only by sendMessage when its session logs out on the other instance', async () => {
    const { session, ended } = await writerOnB();
    const res = await first.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { authorization: session.token } });
    expect(res.statusCode).toBe(200);
    expect(await ended).toBe('io server disconnect');
  });

  it('ends it when the password is changed, or the account suspended, on the other instance', async () => {
    const changed = await writerOnB();
    const res = await first.app.inject({
      method: 'PATCH',
      url: '/api/auth/user',
      ...withToken(changed.patient.token, { password: 'a-new-password-1', currentPassword: changed.patient.password }),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await changed.ended).toBe('io server disconnect');

    const suspended = await writerOnB();
    const admin = await login(first.app, 'admin@clinic.test', 'Admin#2026');
    const done = await first.app.inject({
      method: 'POST',
      url: `/api/admin/users/${suspended.patient.id}/suspend`,
      ...withToken(admin.token, { reason: 'Abusive messages' }),
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(await suspended.ended).toBe('io server disconnect');
  });

  it('tells each person only about her own contacts, whichever instance they are on', async () => {
    const patient = await signUpAndLogin(first.app, 'patient');
    const doctor = await signUpAndLogin(first.app, 'doctor');
    const stranger = await signUpAndLogin(first.app, 'patient');
    await openChat(first.app, patient.id, doctor.id);
    const s = await online(urlA, stranger);
    const p = await connect(urlA);
    clients.push(p);
    const doctorSeen = next<Record<string, boolean>>(p, 'onlineList', (list) => list[doctor.id] === true);
    p.socket.emit('goOnline', patient.token);
    const d = await online(urlB, doctor);
    await doctorSeen;
    await settle(d);
    await settle(s);
    for (const list of (s.received.onlineList ?? []) as Array<Record<string, boolean>>) {
      expect(Object.keys(list).filter((id) => id !== stranger.id)).toEqual([]);
    }
  });

  it('serves the original client’s /api namespace across instances: the other member gets the whole list', async () => {
    const patient = await signUpAndLogin(first.app, 'patient');
    const doctor = await signUpAndLogin(first.app, 'doctor');
    const chatId = await openChat(first.app, patient.id, doctor.id);
    const d = await connect(`${urlB}/api`, { transports: undefined });
    clients.push(d);
    d.socket.emit('goOnline', doctor.token);
    d.socket.emit('joinChat', chatId);
    await settle(d);
    const p = await connect(`${urlA}/api`, { transports: undefined });
    clients.push(p);
    p.socket.emit('goOnline', patient.token);
    p.socket.emit('sendMessage', { chatId, content: 'first words', sender: patient.token });
    await next<Message[]>(d, 'chat', (list) => list.some((m) => m.content === 'first words'));
    p.socket.emit('sendMessage', { chatId, content: 'second words', sender: patient.token });
    const list = await next<Message[]>(d, 'chat', (l) => l.some((m) => m.content === 'second words'));
    expect(list.map((m) => m.content)).toEqual(['first words', 'second words']);
  });

  it('clears the sockets of an instance that died without closing', async () => {
    const redis = new Redis(redisUrl ?? '');
    const ghostId = `ghost-${Date.now()}`;
    const keys = `${first.config.redisPrefix}:presence`;
    const ghost = redisPresence(redis, ghostId, keys);
    const survivor = redisPresence(redis, `survivor-${Date.now()}`, keys);
    try {
      const user = await signUpAndLogin(first.app, 'patient');
      await ghost.add(user.id, 'socket-on-a-dead-process');
      // Registered once, then never refreshed: its alive key is gone, as after a crash.
      await redis.sadd(`${keys}:instances`, ghostId);
      expect((await first.app.presence.list())[user.id]).toBe(true);
      const swept = new Promise<void>((resolve) => survivor.start(resolve, () => []));
      await swept;
      expect((await first.app.presence.list())[user.id]).toBeUndefined();
    } finally {
      await survivor.stop();
      await ghost.stop();
      redis.disconnect();
    }
  });
});

describe.skipIf(!redisUrl)('two instances with MFA_REQUIRED_ROLES (runs when REDIS_URL is set)', () => {
  let first: TestServer;
  let second: App;
  let urlA: string;
  let urlB: string;
  const clients: Client[] = [];

  beforeAll(async () => {
    first = await startTestServer({ env: { REDIS_URL: redisUrl ?? '', MFA_REQUIRED_ROLES: 'doctor' } });
    second = await buildApp({ config: first.config, database: first.database, logger: false });
    await second.ready();
    urlA = await listen(first.app);
    urlB = await listen(second);
  });
  afterAll(async () => {
    for (const c of clients) c.socket.close();
    await second?.close();
    await first?.close();
  });

  it('refuses on either instance the socket of a doctor without two-factor sign-in, so a message through the other one never reaches him', async () => {
    const doctor = await signUpAndLogin(first.app, 'doctor');
    const patient = await signUpAndLogin(first.app, 'patient');
    const chatId = await openChat(first.app, patient.id, doctor.id);
    await expect(connect(urlB, { auth: { token: doctor.token } })).rejects.toThrow(/two-factor/);
    const d = await connect(urlB);
    clients.push(d);
    d.socket.emit('goOnline', doctor.token);
    expect(await next(d, 'ErrorMessage')).toEqual({ message: expect.stringContaining('two-factor') });

    const p = await connect(urlA);
    clients.push(p);
    p.socket.emit('sendMessage', { chatId, content: 'Private words through instance A', sender: patient.token });
    await next(p, 'chat');
    await settle(d);
    expect(d.received.notification).toBeUndefined();
    expect(d.received.chatUpdated).toBeUndefined();
    expect(d.received.chat).toBeUndefined();
  });
});
