import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { isolate } from '../../shared/bidi-isolate.js';
import { arabicCatalogue, matchedByExistingClient, translateMessage, validationText } from '../../server/i18n/translate.js';
import { scanServerMessages, shapeOf } from './message-scan.js';

const root = path.resolve(import.meta.dirname, '../..');
const scanned = scanServerMessages(root);
const entries = Object.keys(arabicCatalogue);
const entryShapes = new Set(entries.map(shapeOf));
const messageShapes = [...scanned.messages.keys()];
/** A message shape as a pattern that matches its more specific catalogue entries (a fixed part filled in). */
const patternOf = (shape: string) =>
  new RegExp(
    `^${shape
      .split('{}')
      .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('[\\s\\S]*')}$`,
  );
const messagePatterns = messageShapes.map(patternOf);

describe('the Arabic catalogue of the server', () => {
  it('finds the messages in the source (the scan itself works)', () => {
    expect(scanned.messages.size).toBeGreaterThan(300);
    expect(scanned.messages.has('Out of stock quantity')).toBe(true);
    expect(scanned.messages.has('Your appointment with {} is reserved')).toBe(true);
    // Worded through a helper of the server's own that builds the HttpError (checkout's cartChanged).
    expect(scanned.messages.has('Your cart changed since you saw it: it is now empty.')).toBe(true);
  });

  it('has an Arabic entry for every message given to the error helpers or sent as `message`', () => {
    const missing = messageShapes
      .filter((shape) => !entryShapes.has(shape) && !matchedByExistingClient.some((text) => shape.includes(text)))
      .map((shape) => `${scanned.messages.get(shape)?.named}  (${scanned.messages.get(shape)?.where})`);
    expect(missing).toEqual([]);
  });

  it('has no entry the server no longer says', () => {
    // An entry is used when it is a message, a part that fills one in (a label, a role), or a message
    // with some of its parts spelt out (a sentence whose second half is one of two fixed texts).
    const stale = entries.filter((entry) => {
      const shape = shapeOf(entry);
      return !scanned.allTexts.has(shape) && !messagePatterns.some((pattern) => pattern.test(entry));
    });
    expect(stale).toEqual([]);
  });

  it('uses in each Arabic entry only the placeholders its English fills in, and writes Arabic', () => {
    // Arabic may leave a part out (the English plural "s" of "minute{plural}"), never invent one.
    const names = (text: string) => new Set([...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]));
    const wrong = entries.filter((english) => {
      const arabic = arabicCatalogue[english] as string;
      return [...names(arabic)].some((name) => !names(english).has(name)) || !/[\u0600-\u06FF]/.test(arabic);
    });
    expect(wrong).toEqual([]);
  });

  it('keeps in English the success texts the existing client matches to colour its alerts', () => {
    expect(translateMessage('Added successfully', 'ar')).toBe('Added successfully');
    expect(translateMessage('Account created successfully. We sent you an email to verify your address.', 'ar')).toBe(
      'Account created successfully. We sent you an email to verify your address.',
    );
    expect(entries.filter((entry) => matchedByExistingClient.some((text) => entry.includes(text)))).toEqual([]);
  });

  // A kept part in Latin letters is isolated, so its own punctuation stays with it in the Arabic sentence.
  it('fills a template with the parts of the English message, translating parts it knows', () => {
    expect(translateMessage('Your appointment with Dr. Ahmed Ali is reserved', 'ar')).toBe(`تم حجز موعدك مع ${isolate('Dr. Ahmed Ali')}`);
    expect(translateMessage('Only doctors can do this', 'ar')).toBe('هذا الإجراء مقصور على الأطباء');
    expect(translateMessage('You already have an appointment at that time: Dr. Mona, 25 Jan 2027 at 10:00. Cancel or move it first.', 'ar')).toBe(
      `لديك بالفعل موعد في ذلك الوقت: ${isolate('Dr. Mona, 25 Jan 2027 at 10:00')}. ألغِه أو انقله أولًا.`,
    );
    expect(translateMessage('The order is now shipped', 'ar')).toBe('أصبحت حالة الطلب الآن: تم الشحن');
    expect(translateMessage('Too many wrong passwords or codes. Please wait 1 minute and try again.', 'ar')).toContain(`${isolate('1')} دقيقة`);
    // A warning listing two conflicts, and a message made of sentences, translate sentence by sentence.
    const duplicate = 'Panadol contains paracetamol, which is already taken in Adol (duplicate therapy).';
    const allergy = 'Brufen contains ibuprofen, and an allergy to ibuprofen (rash) is recorded.';
    expect(translateMessage(`Safety warning: ${duplicate} ${allergy} Acknowledge the warning to buy anyway.`, 'ar')).toBe(
      `تحذير يتعلق بالسلامة: يحتوي ${isolate('Panadol')} على ${isolate('paracetamol')}، وهي مادة يتناولها المريض بالفعل ضمن ${isolate('Adol')} (علاج مكرر). يحتوي ${isolate('Brufen')} على ${isolate('ibuprofen')}، وهناك حساسية مسجّلة من ${isolate('ibuprofen (rash)')}. أكّد اطلاعك على التحذير لإتمام الشراء على أي حال.`,
    );
    expect(translateMessage('Profile updated. Your password was changed and every other session was signed out.', 'ar')).toBe(
      'تم تحديث الملف الشخصي. تم تغيير كلمة المرور وتسجيل الخروج من جميع الجلسات الأخرى.',
    );
    expect(
      translateMessage('Prices in your cart changed since you saw them: the total is now $21.50 instead of $18.00. Please confirm the new total.', 'ar'),
    ).toBe(`تغيّرت الأسعار في سلتك منذ أن عرضتها: أصبح الإجمالي الآن ${isolate('$21.50')} بدلًا من ${isolate('$18.00')}. يُرجى تأكيد الإجمالي الجديد.`);
    expect(translateMessage('Out of stock quantity: Panadol 500 mg does not have that many left; please lower the quantity in your cart', 'ar')).toBe(
      `الكمية المطلوبة غير متوفرة في المخزون: لم يتبقَّ من ${isolate('Panadol 500 mg')} هذا العدد؛ يُرجى تقليل الكمية في سلتك`,
    );
    expect(translateMessage('Not a message the portal knows', 'ar')).toBe('Not a message the portal knows');
    expect(translateMessage('Out of stock quantity', 'en')).toBe('Out of stock quantity');
  });

  it("words zod's own validation messages with zod's Arabic locale, and a schema's own message through the catalogue", () => {
    const [tooShort] = z.object({ name: z.string().min(2) }).safeParse({ name: 'a' }).error?.issues ?? [];
    expect(validationText(tooShort!, 'en')).toBe(tooShort!.message);
    expect(validationText(tooShort!, 'ar')).toMatch(/[\u0600-\u06FF]/);
    const [custom] = z.object({ code: z.string().regex(/^[A-Z]{2}$/, 'must be a two-letter country code') }).safeParse({ code: '1' }).error?.issues ?? [];
    expect(validationText(custom!, 'ar')).toBe('يجب أن يكون رمز دولة من حرفين');
  });
});
