import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';
import type { App } from '../types.js';

/**
 * Helmet's headers, worked out once. @fastify/helmet rebuilds the helmet middleware (options parsed,
 * the Content-Security-Policy string joined) and a reply decorator on every request; the portal's
 * policy is the same for every request (no nonces, no per-request directives), so the headers are
 * computed at start-up by running the middleware against a recording response, then set as they are.
 */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: unknown) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  let failure: unknown;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => (failure = error));
  if (failure) throw failure instanceof Error ? failure : new Error(String(failure));
  return headers;
}

export function applySecurityHeaders(app: App, options: HelmetOptions) {
  const headers = Object.entries(securityHeaders(options));
  app.addHook('onRequest', (_request, reply, done) => {
    // On the raw response, as helmet does: a route that sets its own policy on it (uploads) still wins.
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
}
