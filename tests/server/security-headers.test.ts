import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers.js';

/** The security headers, worked out once at start-up, still reach every answer. */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ seed: true });
});
afterAll(async () => server?.close());

it("sends the portal's policy on API answers, fresh and kept, and on not-found answers", async () => {
  for (const url of ['/api/blog', '/api/blog', '/api/nothing-here']) {
    const res = await server.app.inject({ method: 'GET', url });
    expect(res.headers['content-security-policy'], url).toContain("frame-ancestors 'none'");
    expect(res.headers['content-security-policy'], url).toContain("script-src 'self'");
    expect(res.headers['x-content-type-options'], url).toBe('nosniff');
    expect(res.headers['cross-origin-resource-policy'], url).toBe('cross-origin');
    expect(res.headers['x-frame-options'], url).toBe('SAMEORIGIN');
    expect(res.headers['cross-origin-embedder-policy'], url).toBeUndefined();
  }
});

it('lets an upload keep its own sandboxing policy', async () => {
  mkdirSync(server.config.uploadDir, { recursive: true });
  writeFileSync(path.join(server.config.uploadDir, 'note.txt'), 'hello');
  const res = await server.app.inject({ method: 'GET', url: '/uploads/note.txt' });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'; sandbox");
});
