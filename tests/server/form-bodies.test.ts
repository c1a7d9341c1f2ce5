import { request as httpRequest } from 'node:http';
import { afterAll, expect, it } from 'vitest';
import { multipart, signUpAndLogin, startTestServer, withToken } from './helpers.js';

/**
 * Every write route declares its body with zod (a form through plugins/forms.ts formBody, a JSON
 * body as a zod object), so /api/docs lists its fields; a route that takes only its query says so.
 */

const server = await startTestServer();
afterAll(() => server.close());

const writeMethods = ['post', 'put', 'patch', 'delete'];
const emptyFormNote = 'No fields: the request sends an empty form';

it('lists the fields of every write route body in the OpenAPI document', async () => {
  const res = await server.app.inject('/api/docs/json');
  expect(res.statusCode).toBe(200);
  const doc = res.json() as { paths: Record<string, Record<string, any>> };
  const missing: string[] = [];
  let declared = 0;
  for (const [path, operations] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(operations)) {
      if (!writeMethods.includes(method)) continue;
      const route = `${method.toUpperCase()} ${path}`;
      const schemas = Object.values<any>(op.requestBody?.content ?? {}).map((media) => media.schema);
      // A route that takes only its query says so; any other lists at least one field, for every content type.
      const listed = (schema: any) => schema && (Object.keys(schema.properties ?? {}).length > 0 || schema.description === emptyFormNote);
      if (!schemas.length || !schemas.every(listed)) missing.push(route);
      if (op.requestBody) declared += 1;
    }
  }
  expect(missing).toEqual([]);
  expect(declared).toBeGreaterThan(0);
});

it('names the fields of a form body and its file fields', async () => {
  const doc = (await server.app.inject('/api/docs/json')).json() as { paths: Record<string, Record<string, any>> };
  const cart = doc.paths['/api/cart']?.post?.requestBody?.content?.['multipart/form-data']?.schema;
  expect(Object.keys(cart?.properties ?? {})).toEqual(['product', 'quantity']);
});

it('checks a form body the same way whatever way it is sent, with the sentence of the field', async () => {
  const { token } = await signUpAndLogin(server.app, 'patient');
  const arabic = { 'accept-language': 'ar' };
  const blank = await server.app.inject({ method: 'POST', url: '/api/cart', ...withToken(token, { product: 'undefined', quantity: '2' }) });
  expect(blank.statusCode).toBe(400);
  expect(blank.json().message).toBe('Please choose a product');
  const json = await server.app.inject({ method: 'POST', url: '/api/cart', headers: { authorization: token }, payload: { product: 'x', quantity: 'two' } });
  expect(json.statusCode).toBe(400);
  expect(json.json().message).toBe('The quantity must be a whole number of 0 or more');
  const urlencoded = await server.app.inject({
    method: 'POST',
    url: '/api/cart',
    headers: { authorization: token, 'content-type': 'application/x-www-form-urlencoded', ...arabic },
    payload: 'product=&quantity=1',
  });
  expect(urlencoded.statusCode).toBe(400);
  expect(urlencoded.json().message).not.toBe('Please choose a product');
  expect(urlencoded.json().message).not.toContain('product:');
  const nul = await server.app.inject({ method: 'POST', url: '/api/cart', ...withToken(token, { product: 'a\u0000b' }) });
  expect(nul.statusCode).toBe(400);
  expect(nul.json().message).toBe('The form contains a character that is not allowed');
  const file = await server.app.inject({
    method: 'POST',
    url: '/api/cart',
    ...withToken(token, { product: 'x', photo: { filename: 'a.png', content: Buffer.from('x') } }),
  });
  expect(file.statusCode).toBe(400);
  expect(file.json().message).toBe('This form does not take files');
});

it('refuses a guest before reading or checking the form', async () => {
  const res = await server.app.inject({ method: 'POST', url: '/api/cart', ...multipart({}) });
  expect(res.statusCode).toBe(401);
  expect(res.json().message).toBe('Unauthorized');
});

/** A multipart request written part by part over a real socket, for answers that must come before the body ends. */
async function streamForm(path: string, headers: Record<string, string> = {}) {
  if (!server.app.server.listening) await server.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = server.app.server.address() as { port: number };
  const boundary = '----portalbudget';
  let written = 0;
  let answered = false;
  const req = httpRequest({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'transfer-encoding': 'chunked', ...headers },
  });
  req.on('error', () => undefined);
  const answer = new Promise<{ status: number; body: string; writtenBefore: number }>((resolve) => {
    req.on('response', (res) => {
      answered = true;
      const writtenBefore = written;
      let body = '';
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, writtenBefore }));
      res.on('error', () => resolve({ status: res.statusCode ?? 0, body, writtenBefore }));
    });
  });
  /** Writes one field of `bytes` bytes, waiting for the socket to take it. */
  const field = async (name: string, bytes: number) => {
    const chunk = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n`),
      Buffer.alloc(bytes, 97),
      Buffer.from('\r\n'),
    ]);
    written += chunk.length;
    // A server that stopped reading never drains the socket: its answer, or the socket closing, ends the wait.
    if (!req.write(chunk)) await Promise.race([new Promise((r) => req.once('drain', r)), new Promise((r) => req.once('close', r)), answer]);
  };
  return { req, answer, field, answered: () => answered, written: () => written };
}

it('refuses a multipart form over the body budget with 413 while it is still arriving, before reading it whole', async () => {
  const form = await streamForm('/api/auth/login');
  await form.field('email', 20);
  await form.field('password', 20);
  // Up to 100 fields of 1 MB: the budget is passed long before the end, and the answer comes then.
  for (let i = 0; i < 100 && !form.answered(); i++) {
    await form.field(`junk${i}`, 1024 * 1024);
    await new Promise((r) => setImmediate(r));
  }
  const answer = await Promise.race([form.answer, new Promise<null>((r) => setTimeout(() => r(null), 5000))]);
  form.req.destroy();
  expect(answer, 'an answer while the body was still arriving').not.toBeNull();
  expect(answer?.status, answer?.body).toBe(413);
  expect(JSON.parse(answer?.body ?? '{}')).toEqual({ message: 'The request is too large' });
  expect(answer?.writtenBefore).toBeLessThan(20 * 1024 * 1024);
});

it('refuses a form whose declared length is over the budget before reading any of it', async () => {
  const { token } = await signUpAndLogin(server.app, 'patient');
  const res = await server.app.inject({
    method: 'POST',
    url: '/api/cart',
    ...withToken(token, { product: 'x', quantity: '1', notes: 'y'.repeat(3 * 1024 * 1024) }),
  });
  expect(res.statusCode).toBe(413);
  expect(res.json()).toEqual({ message: 'The request is too large' });
});
