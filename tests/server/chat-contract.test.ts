import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, listen, login, next, settle, type Client, type Message } from './chat-client.js';
import { signUpAndLogin, startTestServer, type TestServer } from './helpers.js';

/**
 * The original client as the wire contract (§5) describes it: its base URL ends in /api, so its
 * socket opens the `/api` namespace, with default transports, no handshake auth, and the raw JWT
 * inside goOnline and sendMessage. It replaces its whole message pane with each `chat` event.
 */

let server: TestServer;
let url: string;
const clients: Client[] = [];

/** A socket as that client opens it: `${base}/api`, long-polling first, no options. */
async function original() {
  const c = await connect(`${url}/api`, { transports: undefined });
  clients.push(c);
  return c;
}

beforeAll(async () => {
  server = await startTestServer({ seed: true });
  url = await listen(server.app);
});
afterAll(async () => {
  for (const c of clients) c.socket.close();
  await server?.close();
});

describe('the /api namespace, spoken as the original client speaks it', () => {
  it('goes online, lists, joins, reads the full history and gets the full list after each message', async () => {
    const patient = await login(server.app, 'patient@clinic.test', 'Patient#2026');
    const doctor = await login(server.app, 'doctor@clinic.test', 'Doctor#2026');
    const chats = (await server.app.inject({ method: 'GET', url: '/api/chat', headers: { authorization: patient.token } })).json() as {
      chats: Array<{ _id: string }>;
    };
    const chatId = chats.chats[0]._id;

    const d = await original();
    d.socket.emit('goOnline', doctor.token);
    d.socket.emit('joinChat', chatId);
    await settle(d);

    const p = await original();
    const seen = next<Record<string, boolean>>(p, 'onlineList', (list) => list[doctor.id] === true);
    p.socket.emit('goOnline', patient.token);
    p.socket.emit('getOnlineList');
    expect(await seen).toEqual({ [doctor.id]: true });

    p.socket.emit('joinChat', chatId);
    const history = next<Message[]>(p, 'chat');
    p.socket.emit('getMessages', chatId);
    const before = await history;
    expect(before.length).toBeGreaterThanOrEqual(4);
    expect(before[0]).toMatchObject({ sender: { _id: patient.id }, content: expect.stringContaining('Good morning doctor') });

    // Our own SPA on the default namespace, viewing the same chat, keeps getting only the new message.
    const spa = await connect(url, { auth: { token: doctor.token } });
    clients.push(spa);
    spa.socket.emit('joinChat', chatId);
    await settle(spa);

    const content = `From the original client ${Date.now()}`;
    const toPatient = next<Message[]>(p, 'chat', (list) => list.some((m) => m.content === content));
    const toDoctor = next<Message[]>(d, 'chat', (list) => list.some((m) => m.content === content));
    const toSpa = next<Message[]>(spa, 'chat', (list) => list.some((m) => m.content === content));
    p.socket.emit('sendMessage', { chatId, content, sender: patient.token });
    p.socket.emit('joinChat', chatId);
    for (const list of [await toPatient, await toDoctor]) {
      // The whole conversation, oldest first: what was there, then the new message.
      expect(list.map((m) => m.content)).toEqual([...before.map((m) => m.content), content]);
      expect(list.at(-1)).toMatchObject({ sender: { _id: patient.id }, content });
    }
    expect((await toSpa).map((m) => m.content)).toEqual([content]);
  });

  it('answers a bad token with ErrorMessage, and keeps the same rules as the default namespace', async () => {
    const c = await original();
    c.socket.emit('goOnline', 'not-a-token');
    expect(await next(c, 'ErrorMessage')).toEqual({ message: 'Please log in again to use the chat' });
    c.socket.emit('sendMessage', { chatId: '0123456789abcdef01234567', content: 'hello there', sender: 'not-a-token' });
    expect(await next(c, 'ErrorMessage')).toEqual({ message: 'Please log in again to use the chat' });
    c.socket.emit('getMessages', 'x'.repeat(40_000));
    expect(await next(c, 'ErrorMessage')).toEqual({ message: expect.stringContaining('too large') });

    await expect(connect(`${url}/api`, { auth: { token: 'forged' } })).rejects.toThrow('Unauthorized');

    // An outsider's socket on /api is kept out of a conversation that is not hers.
    const outsider = await signUpAndLogin(server.app, 'patient');
    const patient = await login(server.app, 'patient@clinic.test', 'Patient#2026');
    const chatId = (
      (await server.app.inject({ method: 'GET', url: '/api/chat', headers: { authorization: patient.token } })).json() as { chats: Array<{ _id: string }> }
    ).chats[0]._id;
    const o = await original();
    o.socket.emit('goOnline', outsider.token);
    o.socket.emit('joinChat', chatId);
    expect(await next(o, 'ErrorMessage')).toEqual({ message: 'You are not part of this conversation' });
    // Logging out ends the /api socket too.
    const ended = new Promise<string>((resolve) => o.socket.once('disconnect', resolve));
    await server.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { authorization: outsider.token } });
    expect(await ended).toBe('io server disconnect');
  });
});
