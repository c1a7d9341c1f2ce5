import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isolate, rtlSentence } from '../../shared/bidi-isolate.js';
import { newId } from '../../server/lib/ids.js';
import { languageOf } from '../../server/i18n/language.js';
import { wordNotification, type NotificationMessage } from '../../server/modules/notifications/messages.js';
import { attachedCalendar, lastMailTo, rawMailsTo, readOutbox } from './outbox.js';
import { markEmailVerified, multipart, signUpAndLogin, startTestServer, withToken, type TestServer } from './helpers.js';

/**
 * Each person's emails and notifications come in her language: chosen from the browser's language
 * at sign-up and changed with PUT /api/users/me/language. Through HTTP on a real database.
 */

let server: TestServer;
type Account = Awaited<ReturnType<typeof signUpAndLogin>>;

beforeAll(async () => {
  server = await startTestServer({ env: { MAX_UPCOMING_RESERVATIONS: '100' } });
});
afterAll(async () => {
  await server?.close();
});

const db = () => server.database.db;
const outbox = () => server.config.dataDir;
const storedLanguage = async (id: string) => (await db().selectFrom('users').select('language').where('id', '=', id).executeTakeFirstOrThrow()).language;
const setLanguage = (who: Account, body: Record<string, unknown>) =>
  server.app.inject({ method: 'PUT', url: '/api/users/me/language', headers: { authorization: who.token }, payload: body });
const forgot = (email: string) => server.app.inject({ method: 'POST', url: '/api/auth/password/forgot', ...multipart({ email }) });
const reserve = (who: Account, slot: string, doctor: string) =>
  server.app.inject({ method: 'POST', url: `/api/appointment/reserve/?appointment=${slot}&receiver=${doctor}`, ...withToken(who.token) });

/** A free slot of the doctor at a fixed Cairo time: 2030-03-14 10:30 in Cairo (UTC+2 then) is 08:30 UTC. */
async function slotOf(doctor: Account, startsAt = '2030-03-14T08:30:00.000Z'): Promise<string> {
  const id = newId();
  const now = new Date().toISOString();
  await db()
    .insertInto('appointments')
    .values({ id, doctor_id: doctor.id, starts_at: startsAt, time: '10:30', reserved: 0, patient_id: null, created_at: now, updated_at: now })
    .execute();
  return id;
}

describe('the language of an account', () => {
  it('is the first supported language of the Accept-Language header', () => {
    expect(languageOf('ar')).toBe('ar');
    expect(languageOf('ar-EG,ar;q=0.9,en;q=0.8')).toBe('ar');
    expect(languageOf('fr-FR,ar;q=0.7,en;q=0.5')).toBe('ar');
    expect(languageOf('en-GB,en;q=0.9,ar;q=0.8')).toBe('en');
    expect(languageOf('en;q=0.5,ar-SA;q=0.9')).toBe('ar');
    expect(languageOf('fr,de')).toBe('en');
    expect(languageOf('')).toBe('en');
    expect(languageOf(undefined)).toBe('en');
    expect(languageOf('arabic,ar;q=0')).toBe('en');
  });

  it('is set at sign-up from the browser language, English by default', async () => {
    const arabic = await signUpAndLogin(server.app, 'patient', {}, { acceptLanguage: 'ar-EG,ar;q=0.9,en;q=0.8' });
    const english = await signUpAndLogin(server.app, 'patient', {}, { acceptLanguage: 'en-US,en;q=0.9' });
    const none = await signUpAndLogin(server.app, 'patient');
    expect(await storedLanguage(arabic.id)).toBe('ar');
    expect(await storedLanguage(english.id)).toBe('en');
    expect(await storedLanguage(none.id)).toBe('en');

    // Her verification mail is already in her language.
    const verify = lastMailTo(outbox(), arabic.email);
    expect(verify?.subject).toBe(`تأكيد بريدك الإلكتروني — ${server.config.clinicName}`);
    expect(verify?.html).toContain('<html lang="ar" dir="rtl">');
    expect(lastMailTo(outbox(), english.email)?.subject).toBe(`Verify your email address — ${server.config.clinicName}`);
  });

  it('is changed by PUT /api/users/me/language, which takes only en or ar and a signed-in person', async () => {
    const patient = await signUpAndLogin(server.app, 'patient');
    const set = await setLanguage(patient, { language: 'ar' });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toEqual({ message: 'Emails and notifications will now be in Arabic', language: 'ar' });
    expect(await storedLanguage(patient.id)).toBe('ar');

    for (const bad of [{ language: 'fr' }, { language: '' }, {}, { language: 'ar-EG' }, { language: 'Arabic' }]) {
      const res = await setLanguage(patient, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json().message).toBe('Please choose a language the portal writes in: en (English) or ar (Arabic)');
    }
    expect(await storedLanguage(patient.id)).toBe('ar');

    const guest = await server.app.inject({ method: 'PUT', url: '/api/users/me/language', payload: { language: 'ar' } });
    expect(guest.statusCode).toBe(401);

    // A form body works as well as JSON.
    const form = await server.app.inject({ method: 'PUT', url: '/api/users/me/language', ...withToken(patient.token, { language: 'en' }) });
    expect(form.statusCode).toBe(200);
    expect(await storedLanguage(patient.id)).toBe('en');
  });
});

describe('emails in her language', () => {
  it('sends the password reset in English word for word, and in Arabic after she switches', async () => {
    const patient = await signUpAndLogin(server.app, 'patient', { name: 'Mona Test' });
    expect((await forgot(patient.email)).statusCode).toBe(200);
    const english = lastMailTo(outbox(), patient.email, 'Reset your password');
    expect(english?.subject).toBe(`Reset your password — ${server.config.clinicName}`);
    expect(english?.text).toBe(
      [
        'Hello Mona Test,',
        '',
        'Someone asked to reset the password of your account. The link works once, for 30 minutes; choosing a new password signs out every session.',
        '',
        `Choose a new password: ${english?.link}`,
        '',
        'If it was not you, ignore this message; your password stays as it is.',
        '',
        `— ${server.config.clinicName}`,
      ].join('\n'),
    );
    expect(english?.html).toMatch(/^<!doctype html><html><body /);

    expect((await setLanguage(patient, { language: 'ar' })).statusCode).toBe(200);
    // A second ask within a minute sends nothing more: let the first link be a minute old.
    await db()
      .updateTable('account_tokens')
      .set({ created_at: new Date(Date.now() - 120_000).toISOString() })
      .where('user_id', '=', patient.id)
      .execute();
    expect((await forgot(patient.email)).statusCode).toBe(200);
    const arabic = readOutbox(outbox())
      .filter((m) => m.to === patient.email)
      .at(-1);
    expect(arabic?.subject).toBe(`إعادة تعيين كلمة المرور — ${server.config.clinicName}`);
    expect(arabic?.text).toContain(`مرحبًا ${isolate('Mona Test')}،`);
    expect(arabic?.text).toContain('يعمل الرابط مرة واحدة خلال 30 دقيقة');
    expect(arabic?.text).toContain(`اختيار كلمة مرور جديدة: ${arabic?.link}`);
    expect(arabic?.link).toMatch(/\/account\/reset-password#token=/);
    expect(arabic?.html).toContain('<html lang="ar" dir="rtl">');
    expect(arabic?.html).toContain('>اختيار كلمة مرور جديدة</a>');
  });

  it('confirms an appointment in Arabic with the Cairo date and time written for ar-EG, and in English unchanged', async () => {
    const doctor = await signUpAndLogin(server.app, 'doctor', { name: 'Dr. Lang Test' });
    const arabic = await signUpAndLogin(server.app, 'patient', {}, { acceptLanguage: 'ar' });
    const english = await signUpAndLogin(server.app, 'patient', { name: 'Eve English' });

    expect((await reserve(arabic, await slotOf(doctor), doctor.id)).statusCode).toBe(200);
    const ar = readOutbox(outbox())
      .filter((m) => m.to === arabic.email)
      .at(-1);
    expect(ar?.subject).toBe(`تم حجز موعدك — ${server.config.clinicName}`);
    expect(ar?.text).toContain(`تم حجز موعدك مع د. ${isolate('Lang Test')} يوم الخميس، ١٤ مارس ٢٠٣٠ الساعة ١٠:٣٠ ص (بتوقيت القاهرة).`);
    expect(ar?.text).toContain('ملف التقويم المرفق');
    expect(ar?.html).toContain('<html lang="ar" dir="rtl">');
    // Her calendar file names the appointment in Arabic too.
    const calendar = attachedCalendar(rawMailsTo(outbox(), arabic.email, 'تم حجز موعدك').at(-1) ?? '');
    expect(calendar).toMatch(/^SUMMARY:موعد مع د\. Lang Test/m);

    expect((await reserve(english, await slotOf(doctor, '2030-03-14T09:30:00.000Z'), doctor.id)).statusCode).toBe(200);
    const en = lastMailTo(outbox(), english.email, 'Your appointment is reserved');
    expect(en?.subject).toBe(`Your appointment is reserved — ${server.config.clinicName}`);
    expect(en?.text).toBe(
      [
        'Hello Eve English,',
        '',
        'Your appointment with Dr. Lang Test on 2030-03-14 at 11:30 (Cairo time) is reserved.',
        'The attached calendar file adds it to your calendar; open it again if the appointment moves.',
        '',
        `My appointments: http://localhost:${server.config.port}/settings/appointments`,
        '',
        `— ${server.config.clinicName}`,
      ].join('\n'),
    );

    // She switches to English: her next mail is English.
    expect((await setLanguage(arabic, { language: 'en' })).statusCode).toBe(200);
    expect((await reserve(arabic, await slotOf(doctor, '2030-03-15T08:30:00.000Z'), doctor.id)).statusCode).toBe(200);
    expect(
      readOutbox(outbox())
        .filter((m) => m.to === arabic.email)
        .at(-1)?.subject,
    ).toBe(`Your appointment is reserved — ${server.config.clinicName}`);
  });
});

describe('notifications in the reader’s language', () => {
  it('words the bell and the notification email for the reader, and rewords them when she switches', async () => {
    const doctor = await signUpAndLogin(server.app, 'doctor', { name: 'Dr. Bell Lang' }, { acceptLanguage: 'ar' });
    await markEmailVerified(server.app, doctor.id);
    const patient = await signUpAndLogin(server.app, 'patient', { name: 'Pat Bell' });
    const slot = await slotOf(doctor, '2030-04-02T07:00:00.000Z');
    expect((await reserve(patient, slot, doctor.id)).statusCode).toBe(200);
    const cancelled = await server.app.inject({ method: 'DELETE', url: `/api/appointment/cancel/?appointment=${slot}`, ...withToken(patient.token) });
    expect(cancelled.statusCode).toBe(200);

    const bell = async () => (await server.app.inject({ method: 'GET', url: '/api/notifications', headers: { authorization: doctor.token } })).json();
    const inArabic = await bell();
    expect(inArabic.notifications.map((n: { title: string }) => n.title)).toEqual([
      `ألغى ${isolate('Pat Bell')} الموعد المحدد يوم الثلاثاء، ٢ أبريل ٢٠٣٠ الساعة ٩:٠٠ ص`,
      `حجز ${isolate('Pat Bell')} موعدك يوم الثلاثاء، ٢ أبريل ٢٠٣٠ الساعة ٩:٠٠ ص`,
    ]);
    // The cancellation comes by email by default, in his language (sent before the answer).
    const mail = readOutbox(outbox())
      .filter((m) => m.to === doctor.email)
      .at(-1);
    expect(mail?.subject).toBe(`ألغى ${isolate('Pat Bell')} الموعد المحدد يوم الثلاثاء، ٢ أبريل ٢٠٣٠ الساعة ٩:٠٠ ص — ${server.config.clinicName}`);
    expect(mail?.text).toContain('أصبح هذا الموعد متاحًا من جديد لمرضى آخرين.');

    expect((await setLanguage(doctor, { language: 'en' })).statusCode).toBe(200);
    const inEnglish = await bell();
    expect(inEnglish.notifications.map((n: { title: string }) => n.title)).toEqual([
      'Pat Bell cancelled the appointment on 2030-04-02 at 09:00',
      'Pat Bell reserved your appointment on 2030-04-02 at 09:00',
    ]);
    expect(inEnglish.notifications[0].body).toBe('The slot is free again for other patients.');
  });
});

describe('the Arabic words of every notification', () => {
  const at = '2030-03-14T08:30:00.000Z';
  const messages: NotificationMessage[] = [
    { key: 'reservation_made', patient: 'Pat', startsAt: at },
    { key: 'reservation_cancelled', patient: 'Pat', startsAt: at },
    { key: 'reservation_moved', patient: 'Pat', from: at, to: '2030-03-15T08:30:00.000Z' },
    { key: 'slot_released', doctor: 'Q', startsAt: at, reason: 'Sick', next: ['2030-03-16T08:30:00.000Z'] },
    { key: 'slot_released', doctor: 'Q', startsAt: at, reason: 'Sick', next: [] },
    { key: 'request_accepted', doctor: 'Q', startsAt: at },
    { key: 'request_declined', reason: 'Full' },
    { key: 'appointment_reminder', doctor: 'Q', startsAt: at, ahead: '24h' },
    { key: 'appointment_reminder', doctor: 'Q', startsAt: at, ahead: '2h' },
    { key: 'visit_rating_prompt', doctor: 'Q', startsAt: at },
    { key: 'waitlist_offer', doctor: 'Q', startsAt: at, until: '2030-03-13T10:15:00.000Z' },
    { key: 'prescription_issued', doctor: 'Q', medicines: ['Panadol', 'Augmentin'] },
    { key: 'order_paid', orderNumber: 'PO-1', lines: ['2 × Panadol'] },
    { key: 'order_status', orderNumber: 'PO-1', product: 'Panadol', status: 'cancelled', reason: 'Out of stock' },
    { key: 'account_approved' },
    { key: 'account_rejected', reason: 'Unclear licence' },
    { key: 'chat_message', sender: 'Dr. Q' },
  ];
  const stored = (message: NotificationMessage) => ({ title: 'English title', body: 'English body', message: JSON.stringify(message) });

  it('words each one in Arabic from its facts, with Cairo times for ar-EG', () => {
    for (const message of messages) {
      const words = wordNotification(stored(message), 'ar', 'Africa/Cairo');
      expect(words.title, message.key).toMatch(/[\u0600-\u06FF]/);
      expect(`${words.title} ${words.body}`, message.key).not.toMatch(/undefined|NaN|English/);
    }
    expect(wordNotification(stored(messages[7]), 'ar', 'Africa/Cairo')).toEqual({
      title: `تذكير: موعدك مع د. ${isolate('Q')} غدًا`,
      body: `موعدك مع د. ${isolate('Q')} يوم الخميس، ١٤ مارس ٢٠٣٠ الساعة ١٠:٣٠ ص (بتوقيت العيادة).`,
    });
  });

  // An English reason in an Arabic sentence would otherwise show its full stop at the sentence's start.
  it('isolates the names and reasons people wrote, once, and leaves Arabic ones as they are', () => {
    expect(wordNotification(stored({ key: 'request_declined', reason: 'Doctor away.' }), 'ar', 'Africa/Cairo').body).toBe(`السبب: ${isolate('Doctor away.')}`);
    expect(wordNotification(stored({ key: 'request_declined', reason: 'الطبيب مسافر.' }), 'ar', 'Africa/Cairo').body).toBe('السبب: الطبيب مسافر.');
    const released = wordNotification(stored(messages[3]!), 'ar', 'Africa/Cairo');
    expect(released.title).toBe(`ألغى الطبيب موعدك مع د. ${isolate('Q')} يوم الخميس، ١٤ مارس ٢٠٣٠ الساعة ١٠:٣٠ ص (بتوقيت القاهرة)`);
    expect(released.body).toContain(`السبب: ${isolate('Sick')}.`);
    expect(wordNotification(stored(messages[14]!), 'ar', 'Africa/Cairo').body).toBe('حسابك ظاهر الآن في البوابة، ويمكنك استخدام كل ما يتيحه لك دورك.');
    // Each item of a list stands in its place, the first rightmost.
    expect(wordNotification(stored(messages[11]!), 'ar', 'Africa/Cairo').body).toBe(`${isolate('Panadol')}، ${isolate('Augmentin')}`);
    expect(wordNotification(stored(messages[12]!), 'ar', 'Africa/Cairo').body).toBe(`المطلوب إرساله: ${isolate('2 × Panadol')}.`);
    // Mail programs make links of addresses with what touches them, so addresses stay bare.
    expect(rtlSentence`يمكنك تغييرها من ${'http://clinic.test/settings'}`).toBe('يمكنك تغييرها من http://clinic.test/settings');
    expect(rtlSentence`يُرجى تأكيد أن ${'sara@clinic.test'} هو بريدك`).toBe('يُرجى تأكيد أن sara@clinic.test هو بريدك');
    // A sentence holding an isolated name, put in another, is not wrapped again.
    expect(rtlSentence`تم حجز موعدك ${rtlSentence`مع ${'Dr. Q'} غدًا`}.`).toBe(`تم حجز موعدك مع ${isolate('Dr. Q')} غدًا.`);
  });

  it('keeps the stored English words, and shows them for older rows without facts', () => {
    expect(wordNotification(stored(messages[0]), 'en', 'Africa/Cairo')).toEqual({ title: 'English title', body: 'English body' });
    expect(wordNotification({ title: 'Old', body: 'Row', message: null }, 'ar', 'Africa/Cairo')).toEqual({ title: 'Old', body: 'Row' });
    expect(wordNotification({ title: 'Old', body: 'Row', message: '{"key":"nope"}' }, 'ar', 'Africa/Cairo')).toEqual({ title: 'Old', body: 'Row' });
  });
});
