import { randomInt } from 'node:crypto';

/** No 0/O, 1/I: the code is read aloud at a pharmacy counter and typed from paper. */
const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A verification code like RX-7K3M-9Q2X: short, hard to guess, unique by index (retry on a clash). */
export function newPrescriptionCode(): string {
  const part = () => Array.from({ length: 4 }, () => alphabet[randomInt(alphabet.length)]).join('');
  return `RX-${part()}-${part()}`;
}
