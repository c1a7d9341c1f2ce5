import { readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart, signUpAndLogin, startTestServer, tinyPng, withToken, type TestServer } from './helpers.js';
import { listProduct } from './shop-helpers.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ seed: true });
});
afterAll(async () => {
  await server?.close();
});

const png = (name: string) => ({ filename: name, content: tinyPng, type: 'image/png' });
const filesOnDisk = () => readdirSync(server.config.uploadDir).filter((f) => !f.startsWith('.'));

describe('uploaded files', () => {
  it('three product edits with new photos leave no orphan files', async () => {
    const pharmacist = await signUpAndLogin(server.app, 'pharmacist');
    const product = await listProduct(server.app, pharmacist.token);
    const before = filesOnDisk().length;
    for (let edit = 0; edit < 3; edit++) {
      const res = await server.app.inject({
        method: 'PATCH',
        url: `/api/medicine/?product=${product.slug}`,
        ...withToken(pharmacist.token, { thumbnail: png('t.png'), photos: png('a.png') }),
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    // One thumbnail and its photo row (the thumbnail again) before; one thumbnail and one photo after.
    expect(filesOnDisk().length).toBeLessThanOrEqual(before + 1);
    const detail = (await server.app.inject({ method: 'GET', url: `/api/medicine/?product=${product.slug}` })).json().product;
    for (const photo of detail.photos) expect(filesOnDisk()).toContain(photo.photo.split('/').pop());
  });

  it('a replaced profile picture is deleted from disk', async () => {
    const patient = await signUpAndLogin(server.app, 'patient');
    const first = await server.app.inject({ method: 'PATCH', url: '/api/auth/user', ...withToken(patient.token, { image: png('me.png') }) });
    const firstFile = (first.json().user.image as string).split('/').pop() as string;
    expect(filesOnDisk()).toContain(firstFile);
    const second = await server.app.inject({ method: 'PATCH', url: '/api/auth/user', ...withToken(patient.token, { image: png('me2.png') }) });
    expect(second.statusCode).toBe(200);
    expect(filesOnDisk()).not.toContain(firstFile);
    expect(filesOnDisk()).toContain((second.json().user.image as string).split('/').pop());
  });

  it('forms that take no files refuse a file before reading it, login included', async () => {
    const big = { filename: 'big.png', content: Buffer.concat([tinyPng, Buffer.alloc(4 * 1024 * 1024)]), type: 'image/png' };
    const login = await server.app.inject({ method: 'POST', url: '/api/auth/login', ...multipart({ email: 'a@example.test', password: 'whatever-it-is', photo: big }) });
    expect(login.statusCode).toBe(400);
    expect(login.json().message).toBe('This form does not take files');
    const patient = await signUpAndLogin(server.app, 'patient');
    const cart = await server.app.inject({ method: 'POST', url: '/api/cart', ...withToken(patient.token, { product: 'x', quantity: '1', file: png('x.png') }) });
    expect(cart.statusCode).toBe(400);
    // A file under another name on a route that takes files is refused too.
    const profile = await server.app.inject({ method: 'PATCH', url: '/api/auth/user', ...withToken(patient.token, { payload: png('x.png') }) });
    expect(profile.statusCode).toBe(400);
    expect(profile.json().message).toBe('This form takes files only as image, certificate');
  });

  it('sets request and connection timeouts', () => {
    expect(server.app.server.requestTimeout).toBe(60_000);
    expect(server.app.initialConfig.connectionTimeout).toBe(60_000);
  });
});
