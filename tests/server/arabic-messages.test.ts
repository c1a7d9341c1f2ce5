import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isolate } from '../../shared/bidi-isolate.js';
import { translateMessage } from '../../server/i18n/translate.js';
import { connect, listen } from './chat-client.js';
import { multipart, signUpAndLogin, startTestServer, withToken, type TestServer } from './helpers.js';

/** The server's human messages follow the request's Accept-Language: Arabic when asked, English otherwise. */
let server: TestServer;
let patient: { token: string; email: string; password: string };
beforeAll(async () => {
  server = await startTestServer({ seed: true });
  patient = await signUpAndLogin(server.app, 'patient');
});
afterAll(async () => {
  await server?.close();
});

const arabic = { 'accept-language': 'ar-EG,ar;q=0.9,en;q=0.8' };
const get = (url: string, headers: Record<string, string> = {}) => server.app.inject({ method: 'GET', url, headers });

describe('messages in the language of the request', () => {
  it('answers a guest Unauthorized (401) in Arabic, and exactly "Unauthorized" otherwise', async () => {
    const inArabic = await get('/api/cart', { authorization: 'null', ...arabic });
    expect(inArabic.statusCode).toBe(401);
    expect(inArabic.json()).toEqual({ message: 'غير مصرّح لك بذلك. يُرجى تسجيل الدخول.' });
    expect(inArabic.headers.vary).toMatch(/Accept-Language/);

    const plain = await get('/api/cart', { authorization: 'null' });
    const english = await get('/api/cart', { authorization: 'null', 'accept-language': 'en' });
    expect(plain.statusCode).toBe(401);
    expect(plain.json()).toEqual({ message: 'Unauthorized' });
    // English is the server's own text, byte for byte, whether or not the request names it.
    expect(english.body).toBe(plain.body);
  });

  it('weighs the languages: a preferred English beats a later Arabic, an unsupported first choice falls through', async () => {
    expect((await get('/api/cart', { 'accept-language': 'en-US,en;q=0.9,ar;q=0.5' })).json().message).toBe('Unauthorized');
    expect((await get('/api/cart', { 'accept-language': 'fr-FR,fr;q=0.9,ar;q=0.8' })).json().message).toBe('غير مصرّح لك بذلك. يُرجى تسجيل الدخول.');
    expect((await get('/api/cart', { 'accept-language': 'ar;q=0.2,en;q=0.7' })).json().message).toBe('Unauthorized');
  });

  it('translates a 404 from a service and the 404 of an unknown route (a template with the path kept)', async () => {
    const product = await get('/api/medicine/?product=no-such-product', arabic);
    expect(product.statusCode).toBe(404);
    expect(product.json().message).toBe('هذا المنتج غير موجود أو لم يعد معروضًا للبيع');
    expect((await get('/api/medicine/?product=no-such-product')).json().message).toBe('This product does not exist or is no longer sold');

    const nowhere = await get('/api/no-such-route', arabic);
    expect(nowhere.statusCode).toBe(404);
    expect(nowhere.json().message).toBe(`لا يوجد شيء على العنوان ${isolate('GET')} ${isolate('/api/no-such-route')}`);
    expect((await get('/api/no-such-route')).json().message).toBe('There is nothing at GET /api/no-such-route');
  });

  it('translates a schema validation failure, keeping the field name', async () => {
    const inArabic = await get('/api/geo/countries/123/states', arabic);
    expect(inArabic.statusCode).toBe(400);
    expect(inArabic.json().message).toBe('code: يجب أن يكون رمز دولة من حرفين');
    expect((await get('/api/geo/countries/123/states')).json().message).toBe('code: must be a two-letter country code');
  });

  it('translates a refusal the SPA reacts to (out of stock) and keeps its status, so flows keyed on the status still work', async () => {
    const cart = (headers: Record<string, string>) => {
      const form = withToken(patient.token, { product: 'paracetamol-500-mg', quantity: '100000' });
      return server.app.inject({ method: 'POST', url: '/api/cart', payload: form.payload, headers: { ...form.headers, ...headers } });
    };
    const inArabic = await cart(arabic);
    expect(inArabic.statusCode).toBe((await cart({})).statusCode);
    expect(inArabic.json().message).toBe('الكمية المطلوبة غير متوفرة في المخزون');
    expect((await cart({ 'accept-language': 'en-GB' })).json().message).toBe('Out of stock quantity');
  });

  it('translates the human message of a success and leaves its data alone', async () => {
    const login = (headers: Record<string, string>) => {
      const form = multipart({ email: patient.email, password: patient.password });
      return server.app.inject({ method: 'POST', url: '/api/auth/login', payload: form.payload, headers: { ...form.headers, ...headers } });
    };
    const inArabic = await login(arabic);
    expect(inArabic.statusCode).toBe(200);
    expect(inArabic.json().message).toBe('تم تسجيل الدخول بنجاح');
    expect(inArabic.json().user.email).toBe(patient.email);
    const english = await login({});
    expect(english.json().message).toBe('Logged in successfully');
    expect(Object.keys(inArabic.json())).toEqual(Object.keys(english.json()));

    const wrong = multipart({ email: patient.email, password: 'not-the-password' });
    const refused = await server.app.inject({ method: 'POST', url: '/api/auth/login', payload: wrong.payload, headers: { ...wrong.headers, ...arabic } });
    expect(refused.json().message).toBe('البريد الإلكتروني أو كلمة المرور غير صحيحة');
  });
});

describe('chat refusals in the language of the socket', () => {
  it("follows the handshake's Accept-Language, or the language the client names in its auth", async () => {
    const url = await listen(server.app);
    const refusal = async (options: Parameters<typeof connect>[1]) => {
      const client = await connect(url, options);
      try {
        // A guest's socket may not send: the acknowledgement carries the reason.
        return ((await client.socket.timeout(5_000).emitWithAck('sendMessage', { chatId: 'x', content: 'hello', sender: 'null' })) as { message?: string })
          .message;
      } finally {
        client.socket.close();
      }
    };
    const english = await refusal({});
    expect(english).toMatch(/^[\x20-\x7e]+$/);
    expect(await refusal({ extraHeaders: { 'accept-language': 'ar-EG' } })).toBe(translateMessage(english as string, 'ar'));
    expect(await refusal({ auth: { language: 'ar' } })).toBe(translateMessage(english as string, 'ar'));
    expect(translateMessage(english as string, 'ar')).not.toBe(english);
    expect(await refusal({ extraHeaders: { 'accept-language': 'en' } })).toBe(english);
  });
});
