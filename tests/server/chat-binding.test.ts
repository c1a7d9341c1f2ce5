import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, listen, login, next, openChat, settle, type Client, type Message } from './chat-client.js';
import { signUpAndLogin, startTestServer, withToken, type Account, type TestServer } from './helpers.js';

/**
 * A socket acts for one person and one session, however it said who it is (handshake, goOnline,
 * sendMessage): it is in that session's and account's rooms, so ending the session or the account
 * ends it, and it cannot turn into somebody else halfway. The sign-in rules are those of HTTP.
 */

let server: TestServer;
let url: string;
const clients: Client[] = [];

async function client(options: Parameters<typeof connect>[1] = {}) {
  const c = await connect(url, options);
  clients.push(c);
  return c;
}

async function loginAgain(account: Account) {
  return login(server.app, account.email, account.password);
}

/** A patient's socket that identified only by writing in her chat with a doctor (as the original client does). */
async function writerSocket() {
  const patient = await signUpAndLogin(server.app, 'patient');
  const doctor = await signUpAndLogin(server.app, 'doctor');
  const chatId = await openChat(server.app, patient.id, doctor.id);
  const session = await loginAgain(patient);
  const socket = await client();
  socket.socket.emit('sendMessage', { chatId, content: 'Hello doctor', sender: session.token });
  await next<Message[]>(socket, 'chat', (list) => list.some((m) => m.content === 'Hello doctor'));
  const d = await client();
  d.socket.emit('sendMessage', { chatId, content: 'Hello, how can I help?', sender: doctor.token });
  // The doctor's answer reaches her socket: it acts for her.
  await next<Message[]>(socket, 'chat', (list) => list.some((m) => m.content === 'Hello, how can I help?'));
  return { patient, doctor, chatId, session, socket, d };
}

const disconnected = (c: Client) => new Promise<string>((resolve) => c.socket.once('disconnect', resolve));

beforeAll(async () => {
  server = await startTestServer({ seed: true });
  url = await listen(server.app);
});
afterAll(async () => {
  for (const c of clients) c.socket.close();
  await server?.close();
});

describe('a socket that identified only by sendMessage', () => {
  it('is disconnected when its session logs out, and hears nothing more', async () => {
    const { chatId, session, socket, d, doctor } = await writerSocket();
    const ended = disconnected(socket);
    const res = await server.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { authorization: session.token } });
    expect(res.statusCode).toBe(200);
    expect(await ended).toBe('io server disconnect');
    d.socket.emit('sendMessage', { chatId, content: 'After the logout', sender: doctor.token });
    await settle(d);
    expect(socket.received.chat?.some((list) => (list as Message[]).some((m) => m.content === 'After the logout')) ?? false).toBe(false);
  });

  it('is disconnected when the password is changed from another session', async () => {
    const { patient, socket } = await writerSocket();
    const ended = disconnected(socket);
    const res = await server.app.inject({
      method: 'PATCH',
      url: '/api/auth/user',
      ...withToken(patient.token, { password: 'a-new-password-1', currentPassword: patient.password }),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await ended).toBe('io server disconnect');
  });

  it('is disconnected when the account is suspended', async () => {
    const { patient, socket } = await writerSocket();
    const admin = await login(server.app, 'admin@clinic.test', 'Admin#2026');
    const ended = disconnected(socket);
    const res = await server.app.inject({
      method: 'POST',
      url: `/api/admin/users/${patient.id}/suspend`,
      ...withToken(admin.token, { reason: 'Abusive messages' }),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await ended).toBe('io server disconnect');
  });

  it('cannot turn into another user: a second person’s token is refused and nothing is stored for her', async () => {
    const { socket, session } = await writerSocket();
    const other = await signUpAndLogin(server.app, 'patient');
    const doctor = await signUpAndLogin(server.app, 'doctor');
    const otherChat = await openChat(server.app, other.id, doctor.id);
    socket.socket.emit('sendMessage', { chatId: otherChat, content: 'Written as someone else', sender: other.token });
    expect(await next(socket, 'ErrorMessage')).toEqual({ message: 'This connection is signed in as someone else; please reload the page' });
    socket.socket.emit('goOnline', other.token);
    expect(await next(socket, 'ErrorMessage')).toEqual({ message: 'This connection is signed in as someone else; please reload the page' });
    const stored = await server.app.db.selectFrom('messages').select('id').where('chat_id', '=', otherChat).execute();
    expect(stored).toEqual([]);
    expect((await server.app.presence.list())[other.id]).toBeUndefined();
    // Her own token still works on it.
    socket.socket.emit('goOnline', session.token);
    await settle(socket);
    expect((await server.app.presence.list())[session.id]).toBe(true);
  });

  it('ends a handshake socket whose session ended when its next event arrives, too', async () => {
    const patient = await signUpAndLogin(server.app, 'patient');
    const session = await loginAgain(patient);
    const c = await client({ auth: { token: session.token } });
    // Ended behind the socket's back (as a session past its lifetime): no disconnect was sent.
    await server.app.db.deleteFrom('sessions').where('user_id', '=', patient.id).execute();
    const ended = disconnected(c);
    c.socket.emit('getOnlineList');
    expect(await next(c, 'ErrorMessage')).toEqual({ message: 'Please log in again to use the chat' });
    expect(await ended).toBe('io server disconnect');
  });
});

describe('the rules of HTTP', () => {
  it('lets a professional awaiting approval connect (for her bell) but not read or write a conversation', async () => {
    const doctor = await signUpAndLogin(server.app, 'doctor', {}, { pending: true });
    const patient = await signUpAndLogin(server.app, 'patient');
    const chatId = await openChat(server.app, patient.id, doctor.id);
    const c = await client({ auth: { token: doctor.token } });
    const awaiting = 'Your account is awaiting approval by the clinic; you can do this once it is approved';
    c.socket.emit('joinChat', chatId);
    expect(await next(c, 'ErrorMessage')).toEqual({ message: awaiting });
    c.socket.emit('getMessages', chatId);
    expect(await next(c, 'ErrorMessage')).toEqual({ message: awaiting });
    c.socket.emit('sendMessage', { chatId, content: 'Not yet approved', sender: doctor.token });
    expect(await next(c, 'ErrorMessage')).toEqual({ message: awaiting });
    expect(c.socket.connected).toBe(true);
    const stored = await server.app.db.selectFrom('messages').select('id').where('chat_id', '=', chatId).execute();
    expect(stored).toEqual([]);
  });
});

describe('the online list', () => {
  it('tells each person only about the people she has a conversation with', async () => {
    const patient = await signUpAndLogin(server.app, 'patient');
    const doctor = await signUpAndLogin(server.app, 'doctor');
    const stranger = await signUpAndLogin(server.app, 'patient');
    const chatId = await openChat(server.app, patient.id, doctor.id);
    expect(chatId).toBeTruthy();
    const s = await client();
    s.socket.emit('goOnline', stranger.token);
    await settle(s);
    const p = await client();
    const doctorSeen = next<Record<string, boolean>>(p, 'onlineList', (list) => list[doctor.id] === true);
    p.socket.emit('goOnline', patient.token);
    const d = await client();
    d.socket.emit('goOnline', doctor.token);
    await doctorSeen;
    await settle(d);
    await settle(s);

    const asked = next<Record<string, boolean>>(s, 'onlineList');
    s.socket.emit('getOnlineList');
    const strangers = await asked;
    expect(strangers[doctor.id]).toBeUndefined();
    expect(strangers[patient.id]).toBeUndefined();
    for (const list of s.received.onlineList as Array<Record<string, boolean>>) {
      expect(Object.keys(list).filter((id) => id !== stranger.id)).toEqual([]);
    }
    const doctors = next<Record<string, boolean>>(d, 'onlineList');
    d.socket.emit('getOnlineList');
    expect(await doctors).toEqual({ [patient.id]: true });
  });
});

describe('with MFA_REQUIRED_ROLES set', () => {
  let strict: TestServer;
  let strictUrl: string;
  beforeAll(async () => {
    strict = await startTestServer({ env: { MFA_REQUIRED_ROLES: 'doctor' } });
    strictUrl = await listen(strict.app);
  });
  afterAll(async () => {
    await strict?.close();
  });

  it('refuses the socket of a doctor without two-factor sign-in, in the handshake and in every event', async () => {
    const doctor = await signUpAndLogin(strict.app, 'doctor');
    const patient = await signUpAndLogin(strict.app, 'patient');
    const chatId = await openChat(strict.app, patient.id, doctor.id);
    const http = await strict.app.inject({ method: 'GET', url: '/api/chat', headers: { authorization: doctor.token } });
    expect(http.statusCode).toBe(403);

    await expect(connect(strictUrl, { auth: { token: doctor.token } })).rejects.toThrow(/two-factor/);

    const c = await connect(strictUrl);
    clients.push(c);
    c.socket.emit('goOnline', doctor.token);
    expect(await next(c, 'ErrorMessage')).toEqual({ message: expect.stringContaining('two-factor') });
    c.socket.emit('sendMessage', { chatId, content: 'From a doctor without two-factor', sender: doctor.token });
    expect(await next(c, 'ErrorMessage')).toEqual({ message: expect.stringContaining('two-factor') });

    const p = await connect(strictUrl);
    clients.push(p);
    p.socket.emit('sendMessage', { chatId, content: 'Private words for the doctor', sender: patient.token });
    await next(p, 'chat');
    await settle(c);
    expect(c.received.notification).toBeUndefined();
    expect(c.received.chatUpdated).toBeUndefined();
    expect(c.received.chat).toBeUndefined();
    const stored = await strict.app.db.selectFrom('messages').select('content').where('chat_id', '=', chatId).execute();
    expect(stored.map((m) => m.content)).toEqual(['Private words for the doctor']);
  });
});
