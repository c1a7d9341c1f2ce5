import { z } from 'zod';
import { HttpError, badRequest } from '../../lib/errors.js';
import { refuse } from '../../lib/form-schema.js';
import { isId } from '../../lib/ids.js';

export const defaultValidDays = 30;
const maxLines = 20;

const short = z.string().max(2000).optional();
const lineBody = z.object({
  product: short.describe('A catalogue product id (leave out for a free-text medicine)'),
  medicine: short.describe('The medicine by name, when it is not a catalogue product'),
  dose: short,
  frequency: short,
  duration: short,
  quantity: z
    .union([z.number(), z.string().max(20)])
    .optional()
    .describe('Packs, 1 to 100'),
  notes: short,
});
type LineBody = z.output<typeof lineBody>;

/** One line as checked: `productId` ('' for a medicine written by name) is looked up by the service. */
export interface PrescriptionLineDraft {
  productId: string;
  /** The name written ('' when a catalogue product is chosen: its own name is used). */
  medicine: string;
  dose: string;
  frequency: string;
  duration: string;
  quantity: number;
  notes: string;
}

const text = (value: unknown, label: string, max: number) => {
  const t = typeof value === 'string' ? value.replace(/\s+/g, ' ').trim() : '';
  if (t.length > max) throw badRequest(`${label} can be at most ${max} characters long`);
  return t;
};

function wholeNumber(value: unknown, label: string, min: number, max: number, fallback?: number): number {
  if ((value === undefined || value === '') && fallback !== undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max) throw badRequest(`${label} must be a whole number from ${min} to ${max}`);
  return n;
}

const productIdOf = (line: LineBody) => (typeof line.product === 'string' ? line.product.trim() : '');

/**
 * The lines, validity and notes of a prescription, checked in the order a doctor fixes them (the
 * number of lines, the product ids, each line in turn, then the validity and the notes); a 400 with
 * the first thing wrong. Whether a chosen product is still sold is the service's question.
 */
export function readPrescription(form: { lines?: LineBody[]; validDays?: number | string; notes?: string }) {
  const input = Array.isArray(form.lines) ? form.lines : [];
  if (!input.length) throw badRequest('Please add at least one medicine to the prescription');
  if (input.length > maxLines) throw badRequest(`A prescription can have at most ${maxLines} medicines`);
  if (input.map(productIdOf).some((p) => p && !isId(p))) throw badRequest('Please choose each product from the catalogue list');
  const lines = input.map((l, index): PrescriptionLineDraft => {
    const n = index + 1;
    const productId = productIdOf(l);
    const medicine = productId ? '' : text(l.medicine, `Medicine ${n}`, 200);
    if (!productId && !medicine) throw badRequest(`Medicine ${n}: please choose a product or write the medicine's name`);
    return {
      productId,
      medicine,
      dose: text(l.dose, `Medicine ${n}: the dose`, 200),
      frequency: text(l.frequency, `Medicine ${n}: the frequency`, 200),
      duration: text(l.duration, `Medicine ${n}: the duration`, 200),
      quantity: wholeNumber(l.quantity, `Medicine ${n}: the quantity`, 1, 100),
      notes: text(l.notes, `Medicine ${n}: the notes`, 500),
    };
  });
  return { lines, validDays: wholeNumber(form.validDays, 'The validity', 1, 365, defaultValidDays), notes: text(form.notes, 'The notes', 1000) };
}

/** `POST prescriptions` (JSON): its fields are checked here by readPrescription, before the service sees them. */
export const createBody = z
  .object({
    patient: short.describe('The patient id'),
    lines: z.array(lineBody).max(50).optional(),
    notes: short,
    validDays: z
      .union([z.number(), z.string().max(20)])
      .optional()
      .describe('Days it stays valid (default 30)'),
    acknowledgeWarnings: z
      .union([z.boolean(), z.string().max(10)])
      .optional()
      .describe('true to write it despite the safety warnings listed in a 409'),
  })
  .superRefine((form, ctx) => {
    try {
      readPrescription(form);
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      refuse(ctx, error.message);
    }
  });
export type PrescriptionBody = z.output<typeof createBody>;
