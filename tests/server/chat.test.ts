import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeAndLeave, connect, listen, login, next, openChat, settle, type Client, type Message } from './chat-client.js';
import { newId } from '../../server/lib/ids.js';
import { signUpAndLogin, startTestServer, type TestServer } from './helpers.js';

let server: TestServer;
let url: string;
let patient: { token: string; id: string };
let doctor: { token: string; id: string };
let demoChatId: string;
const clients: Client[] = [];

async function client(options: Parameters<typeof connect>[1] = {}) {
  const c = await connect(url, options);
  clients.push(c);
  return c;
}

/** A client that went online as the given user. */
async function online(user: { token: string; id: string }) {
  const c = await client();
  c.socket.emit('goOnline', user.token);
  await settle(c);
  return c;
}

async function listChats(token: string) {
  const res = await server.app.inject({ method: 'GET', url: '/api/chat', headers: { authorization: token } });
  expect(res.statusCode).toBe(200);
  return res.json() as {
    sender: boolean;
    chats: Array<{
      _id: string;
      sender: { _id: string; name: string; image: string };
      receiver: { _id: string; name: string; image: string };
      lastMessage: string;
      unread: number;
      created_at: string;
      updated_at: string;
    }>;
  };
}

async function messagesOf(c: Client, chatId: string) {
  const list = next<Message[]>(c, 'chat');
  c.socket.emit('getMessages', chatId);
  return list;
}

beforeAll(async () => {
  server = await startTestServer({ seed: true });
  url = await listen(server.app);
  patient = await login(server.app, 'patient@clinic.test', 'Patient#2026');
  doctor = await login(server.app, 'doctor@clinic.test', 'Doctor#2026');
  demoChatId = (await listChats(patient.token)).chats[0]._id;
});
afterAll(async () => {
  for (const c of clients) c.socket.close();
  await server?.close();
});

describe('GET chat', () => {
  it('refuses guests', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/api/chat' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Unauthorized' });
  });

  it('gives a patient her chats with sender true and the doctor as receiver', async () => {
    const body = await listChats(patient.token);
    expect(body.sender).toBe(true);
    expect(body.chats).toHaveLength(1);
    const chat = body.chats[0];
    expect(chat.sender).toMatchObject({ _id: patient.id, name: 'Sara Ali' });
    expect(chat.receiver).toMatchObject({ _id: doctor.id, name: 'Ahmed Hassan' });
    expect(chat.receiver.image).toBeTruthy();
    expect(chat.lastMessage).toBe('Yes, take it as usual. See you then.');
    expect(Date.parse(chat.created_at)).toBeLessThan(Date.parse(chat.updated_at));
  });

  it('gives a doctor sender false and lists his chats newest first', async () => {
    const other = await signUpAndLogin(server.app, 'patient');
    const newer = await openChat(server.app, other.id, doctor.id);
    const body = await listChats(doctor.token);
    expect(body.sender).toBe(false);
    expect(body.chats.map((c) => c._id)).toEqual([newer, demoChatId]);
    expect(body.chats[0].sender._id).toBe(other.id);
  });

  it('lists nothing for someone without conversations', async () => {
    const pharmacist = await signUpAndLogin(server.app, 'pharmacist');
    expect((await listChats(pharmacist.token)).chats).toEqual([]);
  });
});

describe('the chat socket', () => {
  it('answers getMessages with the list oldest first, each with sender._id, content and created_at', async () => {
    const c = await online(patient);
    c.socket.emit('joinChat', demoChatId);
    const list = await messagesOf(c, demoChatId);
    expect(list).toHaveLength(4);
    expect(list[0]).toMatchObject({ sender: { _id: patient.id }, content: expect.stringContaining('Good morning doctor') });
    expect(list[1].sender._id).toBe(doctor.id);
    const times = list.map((m) => Date.parse(m.created_at));
    expect([...times].sort((a, b) => a - b)).toEqual(times);
  });

  it('works over the default transports (long-polling first) with the token only in events', async () => {
    const c = await client({ transports: undefined });
    c.socket.emit('goOnline', patient.token);
    const list = await messagesOf(c, demoChatId);
    expect(list.length).toBeGreaterThanOrEqual(4);
  });

  it('stores a message before broadcasting it to both members, and moves lastMessage and updated_at', async () => {
    const p = await online(patient);
    const d = await online(doctor);
    p.socket.emit('joinChat', demoChatId);
    d.socket.emit('joinChat', demoChatId);
    await settle(p);
    await settle(d);
    const before = (await listChats(patient.token)).chats[0].updated_at;

    const content = `See you on Tuesday ${Date.now()}`;
    const atDoctor = next<Message[]>(d, 'chat', (list) => list.some((m) => m.content === content));
    const atPatient = next<Message[]>(p, 'chat', (list) => list.some((m) => m.content === content));
    p.socket.emit('sendMessage', { chatId: demoChatId, content, sender: patient.token });
    const [doctorList, patientList] = await Promise.all([atDoctor, atPatient]);
    expect(doctorList.at(-1)).toMatchObject({ content, sender: { _id: patient.id } });
    expect(patientList).toEqual(doctorList);

    const stored = await server.app.db
      .selectFrom('messages')
      .select(['content', 'sender_id'])
      .where('chat_id', '=', demoChatId)
      .where('content', '=', content)
      .execute();
    expect(stored).toEqual([{ content, sender_id: patient.id }]);
    const chat = (await listChats(patient.token)).chats.find((c) => c._id === demoChatId);
    expect(chat?.lastMessage).toBe(content);
    expect(Date.parse(chat?.updated_at ?? '')).toBeGreaterThan(Date.parse(before));
    // The doctor's list puts the chat with the newest message first.
    expect((await listChats(doctor.token)).chats[0]._id).toBe(demoChatId);
  });

  it('trims messages and refuses empty and overlong ones', async () => {
    const p = await online(patient);
    const countBefore = (await messagesOf(p, demoChatId)).length;
    p.socket.emit('sendMessage', { chatId: demoChatId, content: '   ', sender: patient.token });
    expect(await next<{ message: string }>(p, 'ErrorMessage')).toEqual({ message: 'Please write a message' });
    p.socket.emit('sendMessage', { chatId: demoChatId, content: 'x'.repeat(2001), sender: patient.token });
    expect((await next<{ message: string }>(p, 'ErrorMessage')).message).toMatch(/at most 2000 characters/);
    expect((await messagesOf(p, demoChatId)).length).toBe(countBefore);
  });

  it('tells a connection that sends a packet beyond the size limit why, then closes it', async () => {
    const p = await online(patient);
    const error = next<{ message: string }>(p, 'ErrorMessage');
    const closed = new Promise<string>((resolve) => p.socket.once('disconnect', resolve));
    p.socket.emit('sendMessage', { chatId: demoChatId, content: 'x'.repeat(40_000), sender: patient.token });
    expect((await error).message).toMatch(/too large/);
    expect(await closed).toBe('io server disconnect');
  });

  it('refuses NUL and other control characters on every event with a clear error, and stores nothing', async () => {
    const p = await online(patient);
    const countBefore = (await messagesOf(p, demoChatId)).length;
    const errors: { message: string }[] = [];
    p.socket.on('ErrorMessage', (e: { message: string }) => errors.push(e));
    p.socket.emit('sendMessage', { chatId: demoChatId, content: 'hello\u0000world', sender: patient.token });
    p.socket.emit('sendMessage', { chatId: demoChatId, content: 'bell\u0007', sender: patient.token });
    p.socket.emit('joinChat', `${demoChatId}\u0000`);
    p.socket.emit('getMessages', `\u0000`);
    p.socket.emit('markRead', `${demoChatId}\u001b`);
    p.socket.emit('goOnline', `${patient.token}\u0000`);
    const acked = await p.socket.emitWithAck('sendMessage', { chatId: demoChatId, content: 'ack\u0000', sender: patient.token });
    expect(acked).toEqual({ message: expect.stringMatching(/control character/) });
    await settle(p);
    expect(errors).toHaveLength(7);
    for (const e of errors) expect(e.message).toMatch(/control character \(such as NUL\)/);
    // Line breaks and tabs are ordinary text.
    p.socket.emit('sendMessage', { chatId: demoChatId, content: 'two\nlines\tand a tab', sender: patient.token });
    await settle(p);
    const after = await messagesOf(p, demoChatId);
    expect(after.length).toBe(countBefore + 1);
    expect(after.at(-1)?.content).toBe('two\nlines\tand a tab');
  });

  it('keeps outsiders out: they cannot join, read or write, and nothing is stored', async () => {
    const outsider = await signUpAndLogin(server.app, 'patient');
    const o = await online(outsider);
    const errors: unknown[] = [];
    o.socket.on('ErrorMessage', (e) => errors.push(e));
    const before = await server.app.db.selectFrom('messages').select('id').where('chat_id', '=', demoChatId).execute();

    o.socket.emit('joinChat', demoChatId);
    o.socket.emit('getMessages', demoChatId);
    o.socket.emit('sendMessage', { chatId: demoChatId, content: 'let me in', sender: outsider.token });
    await settle(o);
    expect(errors).toEqual([
      { message: 'You are not part of this conversation' },
      { message: 'You are not part of this conversation' },
      { message: 'You are not part of this conversation' },
    ]);
    expect(o.received.chat).toBeUndefined();
    const after = await server.app.db.selectFrom('messages').select('id').where('chat_id', '=', demoChatId).execute();
    expect(after).toHaveLength(before.length);

    // And a member's message does not reach the outsider's socket.
    const p = await online(patient);
    p.socket.emit('sendMessage', { chatId: demoChatId, content: 'only for the doctor', sender: patient.token });
    await next(p, 'chat');
    // The server answers o's acknowledgement after everything it sent o before: had the message gone to o, it came first.
    await settle(o);
    expect(o.received.chat).toBeUndefined();
  });

  it('refuses chat events from a socket that never identified, and unknown or malformed chat ids', async () => {
    const anonymous = await client();
    anonymous.socket.emit('getMessages', demoChatId);
    expect(await next(anonymous, 'ErrorMessage')).toEqual({ message: 'Please log in again to use the chat' });
    anonymous.socket.emit('sendMessage', { chatId: demoChatId, content: 'hello there', sender: 'not-a-token' });
    expect(await next(anonymous, 'ErrorMessage')).toEqual({ message: 'Please log in again to use the chat' });
    anonymous.socket.emit('getOnlineList');
    expect(await next(anonymous, 'ErrorMessage')).toEqual({ message: 'Please log in again to use the chat' });

    const p = await online(patient);
    p.socket.emit('joinChat', '0123456789abcdef01234567');
    expect(await next(p, 'ErrorMessage')).toEqual({ message: 'This conversation does not exist' });
    p.socket.emit('getMessages', { $ne: null });
    expect(await next(p, 'ErrorMessage')).toEqual({ message: 'Please choose a conversation' });
  });

  it('stops answering a socket whose token was logged out', async () => {
    const session = await login(server.app, 'patient@clinic.test', 'Patient#2026');
    const c = await online(session);
    // Logout disconnects the session's sockets; a socket that names the ended token is refused.
    const ended = new Promise((resolve) => c.socket.once('disconnect', resolve));
    await server.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { authorization: session.token } });
    expect(await ended).toBe('io server disconnect');
    const again = await connect(url);
    again.socket.emit('getMessages', demoChatId);
    again.socket.emit('goOnline', session.token);
    expect(await next(again, 'ErrorMessage')).toEqual({ message: 'Please log in again to use the chat' });
  });

  it('sends a socket only the list of the chat it views last (other rooms are left on join)', async () => {
    const other = await signUpAndLogin(server.app, 'patient');
    const otherChat = await openChat(server.app, other.id, doctor.id);
    const d = await online(doctor);
    d.socket.emit('joinChat', otherChat);
    d.socket.emit('joinChat', demoChatId);
    await settle(d);

    const o = await online(other);
    o.socket.emit('joinChat', otherChat);
    o.socket.emit('sendMessage', { chatId: otherChat, content: 'Hello doctor, a question about my visit', sender: other.token });
    await next(o, 'chat');
    const p = await online(patient);
    const mine = `Demo chat message ${Date.now()}`;
    p.socket.emit('sendMessage', { chatId: demoChatId, content: mine, sender: patient.token });
    await next<Message[]>(d, 'chat', (list) => list.some((m) => m.content === mine));
    expect(d.received.chat?.some((list) => (list as Message[]).some((m) => m.content.startsWith('Hello doctor, a question')))).toBe(false);
  });

  it('tells the members’ sockets not viewing a conversation that it moved (for lists and badges), and nobody else', async () => {
    const other = await signUpAndLogin(server.app, 'patient');
    const chatId = await openChat(server.app, other.id, doctor.id);
    const d = await online(doctor);
    const o = await online(other);
    const otherTab = await online(other);
    const outsider = await online(patient);
    const update = next<{ chatId: string; lastMessage: string; from: string }>(d, 'chatUpdated', (u) => u.chatId === chatId);
    const inOtherTab = next<{ chatId: string }>(otherTab, 'chatUpdated', (u) => u.chatId === chatId);
    o.socket.emit('sendMessage', { chatId, content: 'Is the clinic open on Friday?', sender: other.token });
    expect(await update).toMatchObject({ chatId, lastMessage: 'Is the clinic open on Friday?', from: other.id });
    await inOtherTab;
    // Acknowledged after all the server sent these sockets for the message (one socket's events are handled in order).
    await settle(o);
    await settle(outsider);
    // The sending socket views the chat: it got the list, not the notice.
    expect(o.received.chat).toHaveLength(1);
    expect(o.received.chatUpdated).toBeUndefined();
    expect(outsider.received.chatUpdated?.some((u) => (u as { chatId: string }).chatId === chatId) ?? false).toBe(false);
  });

  it('counts unread messages of the other party until they are read', async () => {
    const other = await signUpAndLogin(server.app, 'patient');
    const chatId = await openChat(server.app, other.id, doctor.id);
    const o = await online(other);
    for (const content of ['First question', 'Second question']) {
      o.socket.emit('sendMessage', { chatId, content, sender: other.token });
      await next<Message[]>(o, 'chat', (list) => list.some((m) => m.content === content));
    }
    const unreadOf = async (token: string) => (await listChats(token)).chats.find((c) => c._id === chatId)?.unread;
    expect(await unreadOf(doctor.token)).toBe(2);
    expect(await unreadOf(other.token)).toBe(0);

    const d = await online(doctor);
    await messagesOf(d, chatId);
    expect(await unreadOf(doctor.token)).toBe(0);

    o.socket.emit('sendMessage', { chatId, content: 'Third question', sender: other.token });
    await next<Message[]>(o, 'chat', (list) => list.some((m) => m.content === 'Third question'));
    expect(await unreadOf(doctor.token)).toBe(1);
    d.socket.emit('markRead', chatId);
    await settle(d);
    expect(await unreadOf(doctor.token)).toBe(0);
  });

  it('limits how fast one user can send, across sockets', async () => {
    const other = await signUpAndLogin(server.app, 'patient');
    const chatId = await openChat(server.app, other.id, doctor.id);
    const a = await online(other);
    const b = await online(other);
    for (let i = 0; i < 30; i++) (i % 2 ? a : b).socket.emit('sendMessage', { chatId, content: `message ${i}`, sender: other.token });
    await settle(a);
    await settle(b);
    a.socket.emit('sendMessage', { chatId, content: 'one too many', sender: other.token });
    expect(await next(a, 'ErrorMessage')).toEqual({ message: 'You are sending messages too fast; please wait a moment' });
    const stored = await server.app.db.selectFrom('messages').select('id').where('chat_id', '=', chatId).execute();
    expect(stored).toHaveLength(30);
  });
});

describe('presence', () => {
  it('is per user: online while any of her sockets is, offline when the last one disconnects', async () => {
    const user = await signUpAndLogin(server.app, 'patient');
    // The list names only the people one has a conversation with.
    await openChat(server.app, user.id, doctor.id);
    const watcher = await online(doctor);
    const first = await client();
    const second = await client();
    const cameOnline = next<Record<string, boolean>>(watcher, 'onlineList', (list) => list[user.id] === true);
    first.socket.emit('goOnline', user.token);
    await cameOnline;
    second.socket.emit('goOnline', user.token);
    await settle(second);

    const changes: Array<Record<string, boolean>> = [];
    watcher.socket.on('onlineList', (list: Record<string, boolean>) => changes.push(list));
    await closeAndLeave(server.app.presence, user.id, first);
    // Someone else coming online is broadcast after anything the leaving socket caused (broadcasts go out in order).
    const sentinel = await signUpAndLogin(server.app, 'patient');
    await openChat(server.app, sentinel.id, doctor.id);
    const sentinelSeen = next<Record<string, boolean>>(watcher, 'onlineList', (list) => list[sentinel.id] === true);
    await online(sentinel);
    expect((await sentinelSeen)[user.id]).toBe(true);
    // One socket leaving was no change, so nothing was broadcast about her.
    expect(changes.filter((list) => !list[user.id])).toEqual([]);

    const wentOffline = next<Record<string, boolean>>(watcher, 'onlineList', (list) => !list[user.id]);
    second.socket.close();
    expect((await wentOffline)[user.id]).toBeUndefined();
  });

  it('goes offline on goOffline, and only the signed-in sockets receive the list', async () => {
    const user = await signUpAndLogin(server.app, 'doctor');
    await openChat(server.app, patient.id, user.id);
    const watcher = await online(patient);
    const guest = await client();
    const c = await online(user);
    expect((await server.app.presence.list())[user.id]).toBe(true);
    const wentOffline = next<Record<string, boolean>>(watcher, 'onlineList', (list) => !list[user.id]);
    c.socket.emit('goOffline', user.token);
    await wentOffline;
    expect((await server.app.presence.list())[user.id]).toBeUndefined();
    expect(guest.received.onlineList).toBeUndefined();
  });

  it('takes the user offline when goOffline arrives on another socket than the one that went online', async () => {
    const user = await signUpAndLogin(server.app, 'patient');
    const c = await online(user);
    const other = await client();
    other.socket.emit('goOffline', user.token);
    await settle(other);
    expect((await server.app.presence.list())[user.id]).toBeUndefined();
    expect(c.socket.connected).toBe(true);
  });

  it('accepts the token in the handshake and refuses a bad one', async () => {
    const c = await client({ auth: { token: patient.token } });
    const list = await messagesOf(c, demoChatId);
    expect(list.length).toBeGreaterThanOrEqual(4);
    await expect(connect(url, { auth: { token: 'forged' } })).rejects.toThrow('Unauthorized');
  });
});

describe('origin check', () => {
  it('lets the portal’s own pages and non-browser clients in, and refuses other sites', async () => {
    const same = await client({ transports: ['polling'], extraHeaders: { origin: url } });
    expect(same.socket.connected).toBe(true);
    await expect(connect(url, { transports: ['polling'], extraHeaders: { origin: 'https://evil.example' } })).rejects.toThrow();
  });
});

describe('chat history in pages', () => {
  /** A conversation holding `count` messages, one second apart, written straight into the database. */
  async function chatWith(count: number) {
    const other = await signUpAndLogin(server.app, 'patient');
    const chatId = await openChat(server.app, other.id, doctor.id);
    const start = Date.parse('2026-01-01T08:00:00.000Z');
    const rows = Array.from({ length: count }, (_, i) => ({
      id: newId(),
      chat_id: chatId,
      sender_id: i % 2 ? doctor.id : other.id,
      content: `history ${i}`,
      created_at: new Date(start + i * 1000).toISOString(),
    }));
    await server.app.db.insertInto('messages').values(rows).execute();
    return { other, chatId };
  }

  /** The next `chat` event with all its arguments: the list, the chat id and what kind of list it is. */
  function nextChat(c: Client) {
    return new Promise<{ list: Message[]; chatId: string; meta: { kind: string; hasMore?: boolean } }>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no chat event')), 5_000);
      c.socket.once('chat', (list: Message[], chatId: string, meta: { kind: string; hasMore?: boolean }) => {
        clearTimeout(timer);
        resolve({ list, chatId, meta });
      });
    });
  }

  it('sends the room only the new message, not the conversation', async () => {
    const { other, chatId } = await chatWith(120);
    const o = await online(other);
    const d = await online(doctor);
    d.socket.emit('joinChat', chatId);
    await settle(d);
    const atDoctor = nextChat(d);
    o.socket.emit('sendMessage', { chatId, content: 'Only this one', sender: other.token });
    const { list, chatId: sentIn, meta } = await atDoctor;
    expect(list).toEqual([
      {
        _id: expect.any(String),
        sender: { _id: other.id, name: expect.any(String), image: expect.any(String) },
        content: 'Only this one',
        created_at: expect.any(String),
      },
    ]);
    expect(sentIn).toBe(chatId);
    expect(meta).toEqual({ kind: 'new' });
  });

  it('answers getMessages with the newest 50 and pages back with a before cursor until nothing is left', async () => {
    const { other, chatId } = await chatWith(120);
    const o = await online(other);
    let page = nextChat(o);
    o.socket.emit('getMessages', chatId);
    const newest = await page;
    expect(newest.meta).toEqual({ kind: 'latest', hasMore: true });
    expect(newest.list.map((m) => m.content)).toEqual(Array.from({ length: 50 }, (_, i) => `history ${70 + i}`));

    page = nextChat(o);
    o.socket.emit('getMessages', { chatId, before: newest.list[0]._id });
    const older = await page;
    expect(older.meta).toEqual({ kind: 'older', hasMore: true });
    expect(older.list.map((m) => m.content)).toEqual(Array.from({ length: 50 }, (_, i) => `history ${20 + i}`));

    page = nextChat(o);
    o.socket.emit('getMessages', { chatId, before: older.list[0]._id });
    const oldest = await page;
    expect(oldest.meta).toEqual({ kind: 'older', hasMore: false });
    expect(oldest.list.map((m) => m.content)).toEqual(Array.from({ length: 20 }, (_, i) => `history ${i}`));
  });

  it('refuses a cursor that is not a message of that conversation', async () => {
    const { other, chatId } = await chatWith(3);
    const o = await online(other);
    const demoMessage = await server.app.db.selectFrom('messages').select('id').where('chat_id', '=', demoChatId).executeTakeFirstOrThrow();
    o.socket.emit('getMessages', { chatId, before: demoMessage.id });
    expect(await next(o, 'ErrorMessage')).toEqual({ message: 'Older messages can only be loaded from a message of this conversation' });
    o.socket.emit('getMessages', { chatId, before: { $gt: '' } });
    expect(await next(o, 'ErrorMessage')).toEqual({ message: 'Older messages can only be loaded from a message of this conversation' });
    // Someone outside the conversation learns nothing, cursor or not.
    const p = await online(patient);
    p.socket.emit('getMessages', { chatId, before: demoMessage.id });
    expect(await next(p, 'ErrorMessage')).toEqual({ message: 'You are not part of this conversation' });
  });
});
