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
