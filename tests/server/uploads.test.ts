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

/** Listens on a real port (once), for requests whose body is written bit by bit. */
const portOf = async (target: TestServer) => {
  if (!target.app.server.listening) await target.app.listen({ port: 0, host: '127.0.0.1' });
  return (target.app.server.address() as { port: number }).port;
};

/**
 * Starts a multipart upload of one file part over a real socket, leaving the body open: the test
 * writes the file's bytes and ends or drops it. `filesSeen` counts the temporary files that
 * appeared in DATA_DIR/incoming meanwhile (besides those already there).
 */
async function streamUpload(url: string, headers: Record<string, string>, method = 'PATCH', field = 'image', target = server) {
  const port = await portOf(target);
  const boundary = '----portalupload';
  const dir = path.join(target.config.dataDir, 'incoming');
  const files = () => (existsSync(dir) ? readdirSync(dir) : []);
  // Files of other uploads already under way are not this one's.
  const before = new Set(files());
  const seen = new Set<string>();
  const watch = setInterval(() => {
    for (const f of files()) if (!before.has(f)) seen.add(f);
  }, 5);
  const req = httpRequest({
    host: '127.0.0.1',
    port,
    method,
    path: url,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'transfer-encoding': 'chunked', ...headers },
  });
  req.on('error', () => undefined);
  req.on('close', () => clearInterval(watch));
  const answer = new Promise<{ status: number; body: string }>((resolve) => {
    req.on('response', (res) => {
      let body = '';
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      res.on('error', () => resolve({ status: res.statusCode ?? 0, body }));
    });
  });
  req.write(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`);
  return { req, answer, filesSeen: () => seen.size };
}

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

  it('forms that take no files refuse a file before reading it', async () => {
    const patient = await signUpAndLogin(server.app, 'patient');
    const cart = await server.app.inject({
      method: 'POST',
      url: '/api/cart',
      ...withToken(patient.token, { product: 'x', quantity: '1', file: png('x.png') }),
    });
    expect(cart.statusCode).toBe(400);
    expect(cart.json().message).toBe('This form does not take files');
    // A file under another name on a route that takes files is refused too.
    const profile = await server.app.inject({ method: 'PATCH', url: '/api/auth/user', ...withToken(patient.token, { payload: png('x.png') }) });
    expect(profile.statusCode).toBe(400);
    expect(profile.json().message).toBe('This form takes files only as image, certificate');
  });

  it('signs in with the whole shared sign-up form, its other fields and files read past and nothing stored', async () => {
    const patient = await signUpAndLogin(server.app, 'patient');
    const stored = filesOnDisk().length;
    const privateDir = path.join(server.config.dataDir, 'private');
    const privateFiles = () => (existsSync(privateDir) ? readdirSync(privateDir).length : 0);
    const storedPrivately = privateFiles();
    const photo = { filename: 'me.png', content: Buffer.concat([tinyPng, Buffer.alloc(300 * 1024, 1)]), type: 'image/png' };
    // The client's form as the doctor page leaves it: every field, a photo and a certificate.
    const shared = {
      name: 'Someone',
      username: 'someone',
      email: patient.email,
      password: patient.password,
      phone: '',
      government: '',
      country: '',
      specialization: 'Specialization #1',
      location: '',
      pharmacyName: '',
      height: '',
      weight: '',
      blood_type: '-AB ',
      officeNumber: '',
      gender: 'male',
      image: photo,
      certificate: png('licence.png'),
    };
    // Sent small (read at once) and large (streamed), the answer is the same.
    for (const form of [multipart({ ...shared, image: png('me.png') }), multipart(shared)]) {
      const login = await server.app.inject({ method: 'POST', url: '/api/auth/login', ...form });
      expect(login.statusCode, login.body).toBe(200);
      expect(login.json().user._id).toBe(patient.id);
    }
    expect(filesOnDisk().length).toBe(stored);
    expect(privateFiles()).toBe(storedPrivately);
    expect(incoming()).toEqual([]);
  });

  it('refuses a guest upload to a signed-in route with 401 before writing any of it', async () => {
    const form = await streamUpload('/api/auth/user', {});
    form.req.write(Buffer.concat([tinyPng, Buffer.alloc(1024 * 1024, 1)]));
    const answer = await Promise.race([form.answer, new Promise<null>((r) => setTimeout(() => r(null), 3000))]);
    const onDisk = incoming();
    form.req.destroy();
    expect(answer, 'an answer before the body ends').not.toBeNull();
    expect(answer?.status).toBe(401);
    expect(JSON.parse(answer?.body ?? '{}')).toEqual({ message: 'Unauthorized' });
    expect(onDisk).toEqual([]);
    expect(form.filesSeen()).toBe(0);
  });

  it('refuses a signed-in upload to a route of another role before writing any of it', async () => {
    const patient = await signUpAndLogin(server.app, 'patient');
    const doctor = await signUpAndLogin(server.app, 'doctor');
    // A doctor may add to the history of his own patients only.
    const form = await streamUpload(`/api/history/lab?patient=${patient.id}`, { authorization: doctor.token }, 'POST', 'result');
    form.req.write(Buffer.concat([tinyPng, Buffer.alloc(1024 * 1024, 1)]));
    const answer = await Promise.race([form.answer, new Promise<null>((r) => setTimeout(() => r(null), 3000))]);
    form.req.destroy();
    expect(answer, 'an answer before the body ends').not.toBeNull();
    expect(answer?.status).toBe(403);
    expect(form.filesSeen()).toBe(0);
  });

  it('streams a file to a temporary file under DATA_DIR as it arrives, and deletes it when the client gives up', async () => {
    const patient = await signUpAndLogin(server.app, 'patient');
    const port = await portOf(server);
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

  it('takes several files near the size limit in one form: the budget counts them apart from its text', async () => {
    const pharmacist = await signUpAndLogin(server.app, 'pharmacist');
    const big = (name: string) => ({
      filename: name,
      content: Buffer.concat([tinyPng, Buffer.alloc(server.config.uploadMaxBytes - 1024, 1)]),
      type: 'image/png',
    });
    const product = await listProduct(server.app, pharmacist.token);
    const res = await server.app.inject({
      method: 'PATCH',
      url: `/api/medicine/?product=${product.slug}`,
      ...withToken(pharmacist.token, { thumbnail: big('t2.png'), photos: big('p.png'), description: '<p>x</p>'.repeat(1000) }),
    });
    expect(res.statusCode, res.body).toBe(200);
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

describe('uploads in flight from one address', () => {
  let capped: TestServer;
  beforeAll(async () => {
    capped = await startTestServer({ env: { UPLOADS_IN_FLIGHT_PER_ADDRESS: '2' } });
  });
  afterAll(async () => {
    await capped?.close();
  });

  it('refuses one more than the cap with 429 and a message, and takes uploads again once one ends', async () => {
    const patient = await signUpAndLogin(capped.app, 'patient');
    const open: Awaited<ReturnType<typeof streamUpload>>[] = [];
    for (let i = 0; i < 2; i++) {
      const upload = await streamUpload('/api/auth/user', { authorization: patient.token }, 'PATCH', 'image', capped);
      upload.req.write(tinyPng);
      open.push(upload);
    }
    // Both are being received (their files are on disk) when the third one comes.
    const incomingOf = path.join(capped.config.dataDir, 'incoming');
    await until(() => existsSync(incomingOf) && readdirSync(incomingOf).length === 2, 'the two uploads on disk');
    const third = await streamUpload('/api/auth/user', { authorization: patient.token }, 'PATCH', 'image', capped);
    const refused = await Promise.race([third.answer, new Promise<null>((r) => setTimeout(() => r(null), 3000))]);
    third.req.destroy();
    expect(refused?.status).toBe(429);
    expect(JSON.parse(refused?.body ?? '{}')).toEqual({ message: 'Too many uploads from your address at once; please wait until one has finished' });
    expect(third.filesSeen()).toBe(0);
    // An upload that ends (or is given up) makes room for the next one.
    open[0].req.destroy();
    open[1].req.end('\r\n------portalupload--\r\n');
    expect((await open[1].answer).status).toBe(200);
    await until(() => readdirSync(incomingOf).length === 0, 'the dropped upload to go');
    const next = await capped.app.inject({ method: 'PATCH', url: '/api/auth/user', ...withToken(patient.token, { image: png('me.png') }) });
    expect(next.statusCode, next.body).toBe(200);
  });
});

describe('image addresses in answers', () => {
  /** The address of a profile picture as an answer gives it, on a server with this PUBLIC_URL. */
  async function pictureAddress(publicUrl: string | undefined) {
    const other = await startTestServer({ env: publicUrl === undefined ? {} : { PUBLIC_URL: publicUrl } });
    try {
      const patient = await signUpAndLogin(other.app, 'patient');
      const res = await other.app.inject({ method: 'PATCH', url: '/api/auth/user', ...withToken(patient.token, { image: png('me.png') }) });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().user.image as string;
    } finally {
      await other.close();
    }
  }

  it('never starts with http://, which the existing client rewrites to https://', async () => {
    expect(await pictureAddress(undefined)).toMatch(/^\/uploads\/[^/]+\.png$/);
    expect(await pictureAddress('//127.0.0.1:8088')).toMatch(/^\/\/127\.0\.0\.1:8088\/uploads\/[^/]+\.png$/);
    expect(await pictureAddress('http://clinic.test:8088/')).toMatch(/^\/\/clinic\.test:8088\/uploads\/[^/]+\.png$/);
    expect(await pictureAddress('https://portal.clinic.example')).toMatch(/^https:\/\/portal\.clinic\.example\/uploads\/[^/]+\.png$/);
  });
});
