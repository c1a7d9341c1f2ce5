import { EventEmitter } from 'node:events';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatEvents } from './socket';

/** A stand-in for a socket.io client socket: records emits, lets the test play the server. */
class FakeSocket extends EventEmitter {
  connected = false;
  emitted: unknown[][] = [];
  override emit(event: string, ...args: unknown[]): boolean {
    this.emitted.push([event, ...args]);
    return true;
  }
  /** Delivers an event from the server (or the connection) to the listeners. */
  receive(event: string, ...args: unknown[]) {
    if (event === 'connect') this.connected = true;
    if (event === 'disconnect') this.connected = false;
    return super.emit(event, ...args);
  }
  connects = 0;
  disconnect() {
    this.connected = false;
  }
  connect() {
    this.connects += 1;
  }
}

const sockets: FakeSocket[] = [];
const ioCalls: unknown[][] = [];
vi.mock('socket.io-client', () => ({
  io: (...args: unknown[]) => {
    ioCalls.push(args);
    const socket = new FakeSocket();
    sockets.push(socket);
    return socket;
  },
}));

const { chatSocket } = await import('./socket');

function recorder() {
  const seen: Record<string, unknown[]> = {};
  const events = Object.fromEntries(
    ['messages', 'onlineList', 'chatUpdated', 'error', 'connection'].map((name) => [name, (...args: unknown[]) => (seen[name] ??= []).push(args)]),
  ) as unknown as ChatEvents;
  return { events, seen };
}

beforeEach(() => {
  chatSocket.stop();
  sockets.length = 0;
  ioCalls.length = 0;
});

describe('the chat socket service', () => {
  it('opens one connection, with the language shown in its handshake, however often it is started', async () => {
    const { events } = recorder();
    await Promise.all([chatSocket.start('token-1', events), chatSocket.start('token-1', events)]);
    await chatSocket.start('token-1', events);
    expect(sockets).toHaveLength(1);
    expect(ioCalls).toHaveLength(1);
    const [options] = ioCalls[0] as [{ auth: (send: (data: object) => void) => void }];
    const handshake: object[] = [];
    options.auth((data) => handshake.push(data));
    expect(handshake).toEqual([{ language: 'en' }]);
  });

  it('goes online on connect and again after a reconnect, re-requesting the open chat', async () => {
    const { events, seen } = recorder();
    await chatSocket.start('token-1', events);
    const socket = sockets[0];
    socket.receive('connect');
    expect(socket.emitted).toEqual([['goOnline', 'token-1'], ['getOnlineList']]);

    chatSocket.open('chat-a');
    expect(socket.emitted.slice(2)).toEqual([
      ['joinChat', 'chat-a'],
      ['getMessages', 'chat-a'],
    ]);

    socket.receive('disconnect');
    socket.emitted = [];
    socket.receive('connect');
    expect(socket.emitted).toEqual([['goOnline', 'token-1'], ['getOnlineList'], ['joinChat', 'chat-a'], ['getMessages', 'chat-a']]);
    expect(seen.connection).toEqual([[true], [false], [true]]);
  });

  it('connects again by itself when the server ended the connection (a restart)', async () => {
    vi.useFakeTimers();
    try {
      const { events } = recorder();
      await chatSocket.start('token-1', events);
      const socket = sockets[0];
      socket.receive('connect');
      socket.receive('disconnect', 'io server disconnect');
      vi.advanceTimersByTime(2_000);
      expect(socket.connects).toBe(1);
      // A network drop is left to the client's own reconnection.
      socket.receive('connect');
      socket.receive('disconnect', 'transport close');
      vi.advanceTimersByTime(2_000);
      expect(socket.connects).toBe(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('hands what the server sends to the callbacks', async () => {
    const { events, seen } = recorder();
    await chatSocket.start('token-1', events);
    const socket = sockets[0];
    socket.receive('connect');
    const list = [{ sender: { _id: 'u1' }, content: 'hi there', created_at: '2026-11-23T10:00:00.000Z' }];
    socket.receive('chat', list, 'chat-a');
    socket.receive('chat', list);
    socket.receive('onlineList', { u1: true });
    socket.receive('ErrorMessage', { message: 'You are not part of this conversation' });
    // Without the server's page description the list is read as the newest page.
    const newestPage = { kind: 'latest', hasMore: false };
    expect(seen.messages).toEqual([
      [list, 'chat-a', newestPage],
      [list, undefined, newestPage],
    ]);
    expect(seen.onlineList).toEqual([[{ u1: true }]]);
    expect(seen.error).toEqual([['You are not part of this conversation']]);
  });

  it('sends messages with the token, goes offline on page unload and on stop', async () => {
    const { events } = recorder();
    await chatSocket.start('token-1', events);
    const socket = sockets[0];
    socket.receive('connect');
    socket.emitted = [];
    chatSocket.send('chat-a', 'Hello doctor');
    expect(socket.emitted).toEqual([['sendMessage', { chatId: 'chat-a', content: 'Hello doctor', sender: 'token-1' }]]);

    window.dispatchEvent(new Event('pagehide'));
    expect(socket.emitted.at(-1)).toEqual(['goOffline', 'token-1']);

    chatSocket.stop();
    expect(socket.connected).toBe(false);
  });

  it('replaces the connection when another user signs in', async () => {
    const { events } = recorder();
    await chatSocket.start('token-1', events);
    sockets[0].receive('connect');
    await chatSocket.start('token-2', events);
    expect(sockets).toHaveLength(2);
    expect(sockets[0].emitted.at(-1)).toEqual(['goOffline', 'token-1']);
    expect(sockets[0].connected).toBe(false);
    sockets[1].receive('connect');
    expect(sockets[1].emitted[0]).toEqual(['goOnline', 'token-2']);
  });
});
