import { io, type Socket } from 'socket.io-client';
import { vi } from 'vitest';
import type { Presence } from '../../server/realtime/presence.js';
import type { App } from '../../server/types.js';
import { newId } from '../../server/lib/ids.js';
import { multipart } from './helpers.js';

/** Socket helpers for the chat tests: real socket.io clients against a listening server. */

export async function listen(app: App): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address !== 'object') throw new Error('not listening');
  return `http://127.0.0.1:${address.port}`;
}

export interface Client {
  socket: Socket;
  /** Every payload received per event, in order (first argument only). */
  received: Record<string, unknown[]>;
}

/** A connected client; `options` go to io() (default: WebSocket only, no reconnection). */
export async function connect(url: string, options: Parameters<typeof io>[1] = {}): Promise<Client> {
  const socket = io(url, { transports: ['websocket'], reconnection: false, forceNew: true, ...options });
  const received: Record<string, unknown[]> = {};
  socket.onAny((event: string, payload: unknown) => {
    (received[event] ??= []).push(payload);
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', (error) => reject(error));
  });
  return { socket, received };
}

/** The next payload of `event` that satisfies `accept`; rejects after `ms`. */
export function next<T = unknown>(client: Client, event: string, accept: (payload: T) => boolean = () => true, ms = 5_000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      client.socket.off(event, listener);
      reject(new Error(`no matching "${event}" within ${ms} ms`));
    }, ms);
    const listener = (payload: T) => {
      if (!accept(payload)) return;
      clearTimeout(timer);
      client.socket.off(event, listener);
      resolve(payload);
    };
    client.socket.on(event, listener);
  });
}

/** Waits until every event this client emitted so far has been handled: the server handles a socket's events in order. */
export async function settle(client: Client) {
  await client.socket.emitWithAck('getOnlineList');
}

/**
 * Closes the client and waits until the server has handled the disconnect: its socket is out of
 * the user's presence (the server's own record, asked until it says so, instead of a fixed pause).
 */
export async function closeAndLeave(presence: Presence, userId: string, client: Client) {
  const socketId = client.socket.id ?? '';
  client.socket.close();
  await vi.waitFor(
    async () => {
      if (await presence.has(userId, socketId)) throw new Error('the socket is still in the presence');
    },
    { timeout: 5_000, interval: 10 },
  );
}

export async function login(app: App, email: string, password: string): Promise<{ token: string; id: string }> {
  const res = await app.inject({ method: 'POST', url: '/api/auth/login', ...multipart({ email, password }) });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.body}`);
  const body = res.json();
  return { token: body.token, id: body.user._id };
}

/** Opens a patient–doctor conversation the way a reservation does. */
export async function openChat(app: App, patientId: string, doctorId: string): Promise<string> {
  const id = newId();
  const now = new Date().toISOString();
  await app.db.insertInto('chats').values({ id, sender_id: patientId, receiver_id: doctorId, last_message: '', created_at: now, updated_at: now }).execute();
  return id;
}

export interface Message {
  _id: string;
  sender: { _id: string; name: string; image: string };
  content: string;
  created_at: string;
}
