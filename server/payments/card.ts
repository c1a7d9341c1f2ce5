import { badRequest } from '../lib/errors.js';

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

/**
 * Reads the card fields as the checkout form sends them: the number may carry spaces or dashes,
 * the year may have two or four digits. Refuses a number that fails the Luhn check, an expiry in
 * the past and a CVC that is not 3 or 4 digits. `now` is injectable for tests.
 */
export function parseCard(fields: CardFields, now = new Date()): Card {
  const number = (fields.number ?? '').replace(/[\s-]/g, '');
  if (!number) throw badRequest('Please enter your card number');
  if (!/^\d{12,19}$/.test(number) || !luhnValid(number)) throw badRequest('Your card number is incorrect');

  const monthText = (fields.exp_month ?? '').trim();
  if (!monthText) throw badRequest("Please choose your card's expiry month");
  const expMonth = Number(monthText);
  if (!/^\d{1,2}$/.test(monthText) || expMonth < 1 || expMonth > 12) throw badRequest("Your card's expiry month is not valid");

  const yearText = (fields.exp_year ?? '').trim();
  if (!yearText) throw badRequest("Please choose your card's expiry year");
  if (!/^(\d{2}|\d{4})$/.test(yearText)) throw badRequest("Your card's expiry year is not valid");
  const expYear = yearText.length === 2 ? 2000 + Number(yearText) : Number(yearText);
  const thisYear = now.getUTCFullYear();
  const thisMonth = now.getUTCMonth() + 1;
  if (expYear < thisYear || (expYear === thisYear && expMonth < thisMonth)) throw badRequest('Your card has expired');
  if (expYear > thisYear + 20) throw badRequest("Your card's expiry year is not valid");

  const cvc = (fields.cvc ?? '').trim();
  if (!/^\d{3,4}$/.test(cvc)) throw badRequest("Your card's security code (CVC) must be 3 or 4 digits");

  return { number, expMonth, expYear, cvc };
}

export function summarize(card: Card): CardSummary {
  return { brand: brandOf(card.number), last4: card.number.slice(-4), expMonth: card.expMonth, expYear: card.expYear };
}
