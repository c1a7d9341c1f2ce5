import { io, type Socket } from 'socket.io-client';
import { registerAccount, type Portal } from '../harness.js';

/** Helpers shared by the production-grade journeys (scale-out, durability). */

/** A socket.io client on the default path, WebSocket only (as behind a load balancer without sticky sessions). */
export async function connectSocket(portal: Portal, token?: string): Promise<Socket> {
  const socket = io(portal.url, { transports: ['websocket'], auth: token ? { token } : undefined, reconnection: false, forceNew: true });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', (error) => reject(error));
  });
  return socket;
}

/** The next payload of `event` that satisfies `accept`, or a rejection after `ms`. */
export function nextEvent<T = unknown>(socket: Socket, event: string, accept: (payload: T) => boolean = () => true, ms = 8_000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.off(event, listener);
      reject(new Error(`no matching "${event}" within ${ms} ms`));
    }, ms);
    const listener = (payload: T) => {
      if (!accept(payload)) return;
      clearTimeout(timer);
      socket.off(event, listener);
      resolve(payload);
    };
    socket.on(event, listener);
  });
}

/** Every payload of `event` seen during `ms` (to prove that something did NOT arrive). */
export async function collect<T = unknown>(socket: Socket, event: string, ms: number): Promise<T[]> {
  const seen: T[] = [];
  const listener = (payload: T) => seen.push(payload);
  socket.on(event, listener);
  await new Promise((r) => setTimeout(r, ms));
  socket.off(event, listener);
  return seen;
}

/** A calendar day `days` from now, as the slot form's free-text date. */
export const dayFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** A JSON call with optional extra headers (the harness's `api` does not take headers). */
export async function call(
  portal: Portal,
  method: string,
  endpoint: string,
  options: { fields?: Record<string, string>; token?: string; headers?: Record<string, string> } = {},
) {
  let body: FormData | undefined;
  if (options.fields) {
    body = new FormData();
    for (const [k, v] of Object.entries(options.fields)) body.append(k, v);
  }
  const headers: Record<string, string> = { ...(options.token ? { authorization: options.token } : {}), ...options.headers };
  const res = await fetch(`${portal.url}/api/${endpoint}`, { method, body, headers });
  const json = (await res.json().catch(() => ({}))) as any;
  return { status: res.status, body: json };
}

export interface Account {
  id: string;
  name: string;
  email: string;
  password: string;
}

/** registerAccount, typed with the fields these tests read. */
export const newAccount = async (portal: Portal, role: 'patient' | 'doctor' | 'pharmacist', overrides: Record<string, string> = {}) =>
  (await registerAccount(portal, role, overrides)) as unknown as Account;
