import { existsSync, readdirSync, statSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import path from 'node:path';
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
/** Files being received (DATA_DIR/incoming); none may outlive its request. */
const incoming = () => {
  const dir = path.join(server.config.dataDir, 'incoming');
  return existsSync(dir) ? readdirSync(dir).map((f) => path.join(dir, f)) : [];
};
const until = async (check: () => boolean, what: string) => {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 25));
  if (!check()) throw new Error(`timed out waiting for ${what}`);
};
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
    const login = await server.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      ...multipart({ email: 'a@example.test', password: 'whatever-it-is', photo: big }),
    });
    expect(login.statusCode).toBe(400);
    expect(login.json().message).toBe('This form does not take files');
    const patient = await signUpAndLogin(server.app, 'patient');
    const cart = await server.app.inject({
      method: 'POST',
      url: '/api/cart',
      ...withToken(patient.token, { product: 'x', quantity: '1', file: png('x.png') }),
    });
    expect(cart.statusCode).toBe(400);
    // A file under another name on a route that takes files is refused too.
    const profile = await server.app.inject({ method: 'PATCH', url: '/api/auth/user', ...withToken(patient.token, { payload: png('x.png') }) });
    expect(profile.statusCode).toBe(400);
    expect(profile.json().message).toBe('This form takes files only as image, certificate');
  });

  it('streams a file to a temporary file under DATA_DIR as it arrives, and deletes it when the client gives up', async () => {
    const patient = await signUpAndLogin(server.app, 'patient');
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = server.app.server.address() as { port: number };
    const boundary = '----portalstream';
    const req = httpRequest({
      host: '127.0.0.1',
      port,
      method: 'PATCH',
      path: '/api/auth/user',
      headers: { authorization: patient.token, 'content-type': `multipart/form-data; boundary=${boundary}`, 'transfer-encoding': 'chunked' },
    });
    req.on('error', () => undefined);
    req.write(`--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`);
    req.write(Buffer.concat([tinyPng, Buffer.alloc(1024 * 1024, 1)]));
    // The bytes sent so far are on disk while the rest has not arrived.
    await until(() => incoming().some((f) => statSync(f).size > 1024 * 1024), 'the file on disk');
    req.destroy();
    await until(() => incoming().length === 0, 'the temporary file to go');
  });

  it('refuses a file over the size limit or of the wrong type, keeping nothing of it', async () => {
    const patient = await signUpAndLogin(server.app, 'patient');
    const stored = filesOnDisk().length;
    const tooBig = { filename: 'big.png', content: Buffer.concat([tinyPng, Buffer.alloc(server.config.uploadMaxBytes)]), type: 'image/png' };
    const big = await server.app.inject({ method: 'PATCH', url: '/api/auth/user', ...withToken(patient.token, { image: tooBig }) });
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toMatch(/too large/);
    const text = { filename: 'photo.png', content: Buffer.from('<svg onload="alert(1)"></svg>'), type: 'image/png' };
    const wrong = await server.app.inject({ method: 'PATCH', url: '/api/auth/user', ...withToken(patient.token, { image: text }) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ message: 'The profile image must be a PNG, GIF or JPEG image' });
    expect(incoming()).toEqual([]);
    expect(filesOnDisk().length).toBe(stored);
  });

  it('sets request and connection timeouts', () => {
    expect(server.app.server.requestTimeout).toBe(60_000);
    expect(server.app.initialConfig.connectionTimeout).toBe(60_000);
  });
});

describe('the storage quota of an account', () => {
  let small: TestServer;
  beforeAll(async () => {
    small = await startTestServer({ env: { UPLOAD_QUOTA_MB_PER_ACCOUNT: '0.5' } });
  });
  afterAll(async () => {
    await small?.close();
  });
  /** A PNG of about `kb` kilobytes (its first bytes make it a PNG; the rest is padding). */
  const pngOf = (kb: number, name: string) => ({ filename: name, content: Buffer.concat([tinyPng, Buffer.alloc(kb * 1024)]), type: 'image/png' });
  const patch = (token: string, fields: Parameters<typeof withToken>[1]) =>
    small.app.inject({ method: 'PATCH', url: '/api/auth/user', ...withToken(token, fields) });

  it('refuses an upload that would go over it with a message, and counts a replaced file no more', async () => {
    const doctor = await signUpAndLogin(small.app, 'doctor');
    expect((await patch(doctor.token, { image: pngOf(300, 'me.png') })).statusCode).toBe(200);
    const over = await patch(doctor.token, { certificate: pngOf(300, 'licence.png') });
    expect(over.statusCode).toBe(413);
    expect(over.json().message).toBe(
      'Your account can keep at most 0.5 MB of files, and this file does not fit; please delete or replace older pictures or documents first',
    );
    // Nothing of the refused file stays.
    expect(readdirSync(small.config.uploadDir)).toHaveLength(1);
    // A smaller picture replaces the first one, whose room comes back.
    expect((await patch(doctor.token, { image: pngOf(100, 'small.png') })).statusCode).toBe(200);
    expect((await patch(doctor.token, { certificate: pngOf(300, 'licence.png') })).statusCode).toBe(200);
    // The quota is per account: another one starts empty.
    const other = await signUpAndLogin(small.app, 'patient');
    expect((await patch(other.token, { image: pngOf(300, 'me.png') })).statusCode).toBe(200);
  });
});
