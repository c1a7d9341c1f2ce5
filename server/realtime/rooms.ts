import type { Namespace, Server } from 'socket.io';
import type { App } from '../types.js';

/**
 * The chat's namespaces, served by the same rules: `/` for this SPA, and `/api` for the original
 * client, whose base URL ends in /api so that socket.io-client takes it for a namespace. Rooms of
 * the same name in both hold the same people; what reaches a room is sent to both.
 */
export const SPA_NAMESPACE = '/';
export const ORIGINAL_CLIENT_NAMESPACE = '/api';
export const chatNamespaces = (io: Server): Namespace[] => [io.of(SPA_NAMESPACE), io.of(ORIGINAL_CLIENT_NAMESPACE)];

export const chatRoom = (chatId: string) => `chat:${chatId}`;
/** Every socket acting for an account: ending the account (suspension) reaches it on any process. */
export const userRoom = (userId: string) => `user:${userId}`;
/** Every socket acting for a session, whichever event identified it: ending the session reaches it on any process. */
export const sessionRoom = (jti: string) => `session:${jti}`;

/**
 * Disconnects the sockets of ended sessions, on every process (the Redis adapter carries it).
 * Each socket event checks its session again anyway; this stops the broadcasts a socket only listens to.
 */
export function disconnectSessions(app: App, jtis: string[]) {
  if (jtis.length === 0 || !app.hasDecorator('io')) return;
  for (const namespace of chatNamespaces(app.io)) namespace.in(jtis.map(sessionRoom)).disconnectSockets(true);
}

/** Disconnects every socket of an account (it was suspended), on every process. */
export function disconnectAccount(app: App, userId: string) {
  if (!app.hasDecorator('io')) return;
  for (const namespace of chatNamespaces(app.io)) namespace.in(userRoom(userId)).disconnectSockets(true);
}
