import type { Role } from '../db/schema.js';
import { departments } from './departments.js';
import { badRequest, conflict, problem } from './errors.js';
import { skeleton } from './skeleton.js';

/**
 * Names that cannot impersonate: the one place for the name rule. A name is normalized before it is
 * stored, compared or shown: Unicode NFKC (full-width and ligature forms become plain letters),
 * invisible and bidirectional control characters removed, runs of whitespace collapsed to one space.
 * Names that mix the look-alike scripts (Latin, Cyrillic, Greek, Cherokee: "Hаssan" with a Cyrillic
 * "а") are refused; Arabic next to Latin is an ordinary Egyptian name and stays allowed.
 *
 * Names are compared on Unicode's confusable skeletons (UTS #39, lib/skeleton.ts), without case,
 * accents, Arabic vowel marks, punctuation or spacing, and without the titles and credentials a
 * professional puts around a name in either language ("Dr.", "Prof.", "MD", "(Cardiology)", "د.",
 * "الدكتور", "أ.د."). A doctor's or pharmacist's name must not come within one letter of another
 * professional's ("Ahrned Hassan" for "Ahmed Hassan"); a patient takes neither a title nor a
 * professional's name, so nobody reads her as the doctor in a history log or a chat.
 */

// Format characters (zero-width space and joiners, bidi embeddings, overrides and isolates, BOM,
// soft hyphen) and control characters: nothing a person means to type in a name.
const invisible = /[\p{Cf}\p{Cc}]/gu;
const lookAlikeScripts: [string, RegExp][] = [
  ['Latin', /\p{Script=Latin}/u],
  ['Cyrillic', /\p{Script=Cyrillic}/u],
  ['Greek', /\p{Script=Greek}/u],
  ['Cherokee', /\p{Script=Cherokee}/u],
];

export function normalizeName(raw: string): string {
  return raw.normalize('NFKC').replace(invisible, '').replace(/\s+/gu, ' ').trim();
}

/** What is wrong with a name that mixes scripts whose letters look alike; undefined when it does not. */
export function mixedScriptsProblem(name: string): string | undefined {
  const used = lookAlikeScripts.filter(([, pattern]) => pattern.test(name)).map(([script]) => script);
  return used.length > 1 ? problem(`The name mixes ${used.join(' and ')} letters; please write it in one alphabet`) : undefined;
}

/**
 * A text as names are compared: skeleton, lower case, skeleton again (so "MD" and "md" meet, and
 * a capital "I" meets "l"), then marks and the Arabic stretching stroke (tatweel) dropped.
 */
const folded = (text: string) =>
  skeleton(skeleton(text).toLowerCase())
    .replace(/[\p{M}\u0640]/gu, '')
    .toLowerCase();
const words = (text: string) =>
  folded(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

/** Titles, degrees and callings that make a name read as a professional's, in English and Arabic. */
const titles = [
  ...['Dr', 'Drs', 'Doctor', 'Doc', 'Prof', 'Professor', 'Assoc Prof', 'Asst Prof', 'Associate Professor', 'Assistant Professor'],
  ...['MD', 'M.D.', 'PhD', 'Ph.D.', 'DDS', 'BDS', 'MBBS', 'MBBCh', 'MSc', 'MRCP', 'FRCS', 'PharmD', 'Pharm.D.', 'RPh', 'BPharm'],
  ...['Consultant', 'Specialist', 'Physician', 'Surgeon', 'Dentist', 'Pharmacist', 'Cardiologist', 'Neurologist', 'Gynaecologist'],
  ...['Gynecologist', 'Ophthalmologist', 'Orthopaedic', 'Orthopedic', 'Gastroenterologist', 'Internist'],
  ...['د', 'دكتور', 'دكتورة', 'دكتوره', 'الدكتور', 'الدكتورة', 'الدكتوره', 'أ.د', 'ا.د', 'أد', 'بروفيسور', 'البروفيسور', 'بروفسور', 'البروفسور'],
  ...['أستاذ دكتور', 'الأستاذ الدكتور', 'استشاري', 'الاستشاري', 'استشارية', 'أخصائي', 'الأخصائي', 'أخصائية', 'اخصائي', 'الاخصائي'],
  ...['طبيب', 'الطبيب', 'طبيبة', 'الطبيبة', 'صيدلي', 'الصيدلي', 'صيدلانية', 'الصيدلانية', 'جراح', 'الجراح'],
  ...departments,
].map(words);

/** A title's words at position `at` of `tokens`: how many words it takes, 0 when none starts there. */
function titleAt(tokens: string[], at: number, fromEnd: boolean): number {
  for (const title of titles) {
    const start = fromEnd ? tokens.length - title.length : at;
    if (start < 0 || (fromEnd && start < at)) continue;
    if (title.every((word, i) => tokens[start + i] === word)) return title.length;
  }
  return 0;
}

// Anything in brackets ("(Cardiology)", "[Consultant]"); an unclosed bracket runs to the end.
const bracketed = /[([{][^)\]}]*(?:[)\]}]|$)/gu;

/** A name as it is compared: its comparison key, and whether titles or credentials were set aside. */
export function nameKeyOf(name: string): { key: string; titled: boolean } {
  const normalized = normalizeName(name);
  const inBrackets = normalized.match(bracketed) ?? [];
  let tokens = words(normalized.replace(bracketed, ' '));
  let titled = inBrackets.some((part) => {
    const inside = words(part);
    return inside.some((_, i) => titleAt(inside, i, false) > 0);
  });
  for (let stripped = true; stripped && tokens.length > 0;) {
    const front = titleAt(tokens, 0, false);
    const back = front ? 0 : titleAt(tokens, 0, true);
    stripped = front + back > 0;
    if (stripped) titled = true;
    tokens = tokens.slice(front, tokens.length - back);
  }
  return { key: tokens.join(''), titled };
}

/** The form two names are compared in: see nameKeyOf. */
const nameKey = (name: string): string => nameKeyOf(name).key;

/** Whether two keys are at most one insertion, deletion or substitution apart. */
function withinOneEdit(a: string[], b: string[]): boolean {
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i += 1;
  const rest = (x: string[], from: number) => x.slice(from).join('');
  return rest(a, i + 1) === rest(b, i + 1) || rest(a, i + 1) === rest(b, i) || rest(a, i) === rest(b, i + 1);
}

const arabic = /\p{Script=Arabic}/u;

/**
 * Whether two names would pass for each other. In the look-alike alphabets one letter more, less or
 * different goes unseen ("Ahmed Hasan", "Ahmed Hassan"); Arabic names must be the same (skeletons
 * already equate look-alike Arabic letters), because there one letter is a different, common name:
 * "أحمد" (Ahmed) and "محمد" (Mohamed), "حسن" (Hassan) and "حسين" (Hussein).
 */
export const namesLookAlike = (a: string, b: string): boolean => keysLookAlike(nameKey(a), nameKey(b));

function keysLookAlike(x: string, y: string): boolean {
  if (!x || !y) return false;
  if (x === y) return true;
  if (arabic.test(x) || arabic.test(y)) return false;
  return withinOneEdit([...x], [...y]);
}

/**
 * Refuses a name `role` may not take beside the professionals' names `professionals` (the account's
 * own left out): a title alone, a patient's title, a professional's name or one within a letter of it.
 */
export function checkNameAgainst(name: string, role: Role, professionals: readonly { name: string }[]): void {
  const { key, titled } = nameKeyOf(name);
  if (!key) throw badRequest('Please write your name, not only a title');
  const professional = role === 'doctor' || role === 'pharmacist';
  if (!professional && titled) {
    throw badRequest('A patient account cannot carry a professional title such as Dr., Prof., MD or د.; please write your name without it');
  }
  const others = professionals.map((other) => nameKey(other.name));
  if (others.includes(key)) {
    throw conflict(
      professional
        ? 'A doctor or pharmacist with this name is already registered'
        : 'This is the name of a doctor or pharmacist at the clinic; please write your full name so nobody takes you for them',
    );
  }
  if (others.some((other) => keysLookAlike(other, key))) {
    throw conflict(
      professional
        ? 'Your name looks almost the same as that of a doctor or pharmacist already registered; please write your full name (with your middle or family name) so patients can tell you apart'
        : 'Your name looks almost the same as that of a doctor or pharmacist at the clinic; please write your full name so nobody takes you for them',
    );
  }
}

/**
 * A professional's name as stored: without a leading title ("Dr.", "Dr", "د."), which every screen
 * and mail adds itself in the reader's language, so no name ever reads "Dr. Dr. …".
 */
export function withoutTitle(name: string): string {
  let out = name.trim();
  for (let before = ''; before !== out;) {
    before = out;
    out = out.replace(/^(?:dr\.|dr(?=\s)|د\.)\s*/iu, '');
  }
  return out;
}

/** A doctor's name as a mail or notification says it: the title once, in the reader's language ("Dr. Ahmed Hassan", "د. Ahmed Hassan"). */
export function doctorTitled(name: string, language: 'en' | 'ar' = 'en'): string {
  return `${language === 'ar' ? 'د.' : 'Dr.'} ${withoutTitle(name)}`;
}
