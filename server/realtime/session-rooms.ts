import type { App } from '../types.js';

/** Every socket opened with a session's token joins that session's room, so ending the session can reach it on any process. */
export const sessionRoom = (jti: string) => `session:${jti}`;

/**
 * Disconnects the sockets of ended sessions, on every process (the Redis adapter carries it).
 * Each socket event checks its session again anyway; this stops the broadcasts a socket only listens to.
 */
export function disconnectSessions(app: App, jtis: string[]) {
  if (jtis.length === 0 || !app.hasDecorator('io')) return;
  app.io.in(jtis.map(sessionRoom)).disconnectSockets(true);
}
