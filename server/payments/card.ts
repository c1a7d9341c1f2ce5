import { problem } from '../lib/errors.js';

/** A card as the gateways receive it. It lives only in memory for one request: never stored or logged. */
export interface Card {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

/** What may be kept about a card after the charge. */
export interface CardSummary {
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

export interface CardFields {
  number?: string;
  exp_month?: string;
  exp_year?: string;
  cvc?: string;
}

export function luhnValid(digits: string): boolean {
  let sum = 0;
  let double = false;
  for (let i = digits.length - 1; i >= 0; i -= 1) {
    let d = digits.charCodeAt(i) - 48;
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
    double = !double;
  }
  return sum % 10 === 0;
}

export function brandOf(digits: string): string {
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^(6011|65|64[4-9])/.test(digits)) return 'discover';
  if (/^35(2[89]|[3-8])/.test(digits)) return 'jcb';
  return 'card';
}

const digitsOf = (number: string | undefined) => (number ?? '').replace(/[\s-]/g, '');
const yearOf = (text: string) => (text.length === 2 ? 2000 + Number(text) : Number(text));

/**
 * The first thing wrong with the card fields as the checkout form sends them, as the sentence a
 * person reads (never quoting the number or the CVC); undefined when they are right. The number may
 * carry spaces or dashes, the year may have two or four digits. Refuses a number that fails the Luhn
 * check, an expiry in the past and a CVC that is not 3 or 4 digits. `now` is injectable for tests.
 * The checkout body's schema asks this (checkout/dto.ts); the service then reads the card with cardOf.
 */
export function cardProblem(fields: CardFields, now = new Date()): string | undefined {
  const number = digitsOf(fields.number);
  if (!number) return problem('Please enter your card number');
  if (!/^\d{12,19}$/.test(number) || !luhnValid(number)) return problem('Your card number is incorrect');

  const monthText = (fields.exp_month ?? '').trim();
  if (!monthText) return problem("Please choose your card's expiry month");
  const expMonth = Number(monthText);
  if (!/^\d{1,2}$/.test(monthText) || expMonth < 1 || expMonth > 12) return problem("Your card's expiry month is not valid");

  const yearText = (fields.exp_year ?? '').trim();
  if (!yearText) return problem("Please choose your card's expiry year");
  if (!/^(\d{2}|\d{4})$/.test(yearText)) return problem("Your card's expiry year is not valid");
  const expYear = yearOf(yearText);
  const thisYear = now.getUTCFullYear();
  const thisMonth = now.getUTCMonth() + 1;
  if (expYear < thisYear || (expYear === thisYear && expMonth < thisMonth)) return problem('Your card has expired');
  if (expYear > thisYear + 20) return problem("Your card's expiry year is not valid");

  if (!/^\d{3,4}$/.test((fields.cvc ?? '').trim())) return problem("Your card's security code (CVC) must be 3 or 4 digits");
  return undefined;
}

/** The card from fields cardProblem accepted: the number's digits, the expiry as numbers, the CVC trimmed. */
export function cardOf(fields: CardFields): Card {
  return {
    number: digitsOf(fields.number),
    expMonth: Number((fields.exp_month ?? '').trim()),
    expYear: yearOf((fields.exp_year ?? '').trim()),
    cvc: (fields.cvc ?? '').trim(),
  };
}

export function summarize(card: Card): CardSummary {
  return { brand: brandOf(card.number), last4: card.number.slice(-4), expMonth: card.expMonth, expYear: card.expYear };
}
