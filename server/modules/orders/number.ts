import { randomInt } from 'node:crypto';

/** No 0/O, 1/I: an order number is read aloud on the phone and typed from a receipt. */
const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const prefix = 'CP';
const length = 8;

/** A new order number like CP7K3M9Q2X: short, unguessable enough, unique by index (retry on a clash). */
export function newOrderNumber(): string {
  let text = prefix;
  for (let i = 0; i < length; i += 1) text += alphabet[randomInt(alphabet.length)];
  return text;
}

/** The number as typed or linked (any case, spaces around), or '' when it cannot be one. */
export function readOrderNumber(value: string | undefined): string {
  const text = (value ?? '').trim().toUpperCase();
  return new RegExp(`^${prefix}[${alphabet}]{${length}}$`).test(text) ? text : '';
}
