import { z } from 'zod';
import { centsToAmount } from '../../lib/mappers.js';
import type { PrescriptionLineRow, PrescriptionRow } from './repository.js';
import { readIngredients } from './safety.js';
import { PRESCRIPTION_STATUSES } from '../../../shared/prescription.js';
import { SAFETY_CONFLICT_KINDS, type SafetyConflict } from '../../../shared/prescription-safety.js';

const offerSchema = z.object({
  product: z.object({ _id: z.string(), slug: z.string(), name: z.string() }),
  pharmacy: z.object({ _id: z.string(), name: z.string() }),
  price: z.number(),
  stock: z.number(),
});

export const prescriptionLineSchema = z.object({
  _id: z.string(),
  /** The catalogue product prescribed, or null for a free-text medicine. */
  product: z.object({ _id: z.string(), slug: z.string(), prescriptionOnly: z.boolean(), activeIngredients: z.array(z.string()) }).nullable(),
  medicine: z.string(),
  dose: z.string(),
  frequency: z.string(),
  duration: z.string(),
  quantity: z.number(),
  /** Packs that may still be bought against this line. */
  remaining: z.number(),
  notes: z.string(),
  /** Pharmacies that have it in stock, cheapest first (the prescription page only). */
  offers: z.array(offerSchema).optional(),
});

export const prescriptionSchema = z.object({
  _id: z.string(),
  /** The short code a pharmacy checks the paper print against. */
  code: z.string(),
  issuedAt: z.string(),
  validUntil: z.string(),
  status: z.enum(PRESCRIPTION_STATUSES),
  notes: z.string(),
  doctor: z.object({ _id: z.string(), name: z.string(), licenseNumber: z.string(), specialization: z.string() }),
  patient: z.object({ _id: z.string(), name: z.string() }),
  lines: z.array(prescriptionLineSchema),
  /** The safety warnings the doctor acknowledged when writing it. */
  acknowledgedWarnings: z.array(z.string()),
});

export const conflictSchema = z.object({
  kind: z.enum(SAFETY_CONFLICT_KINDS),
  product: z.string(),
  ingredient: z.string(),
  with: z.string(),
  message: z.string(),
}) satisfies z.ZodType<SafetyConflict>;

export type PrescriptionDto = z.infer<typeof prescriptionSchema>;
export type Offer = z.infer<typeof offerSchema>;

/** valid until its last day; used once every catalogue line is bought in full; expired after. */
export function statusOf(row: Pick<PrescriptionRow, 'valid_until'>, lines: Pick<PrescriptionLineRow, 'product_id' | 'remaining'>[], now: string) {
  const catalogue = lines.filter((l) => l.product_id);
  if (catalogue.length && catalogue.every((l) => Number(l.remaining) === 0)) return 'used' as const;
  return row.valid_until > now ? ('valid' as const) : ('expired' as const);
}

export function readAcknowledgement(stored: string): string[] {
  try {
    const value = JSON.parse(stored || '{}') as { conflicts?: unknown };
    return Array.isArray(value.conflicts) ? value.conflicts.filter((c): c is string => typeof c === 'string') : [];
  } catch {
    return [];
  }
}

export function toPrescriptionDto(row: PrescriptionRow, lines: PrescriptionLineRow[], now: string, offers?: Map<string, Offer[]>): PrescriptionDto {
  return {
    _id: row.id,
    code: row.code,
    issuedAt: row.issued_at,
    validUntil: row.valid_until,
    status: statusOf(row, lines, now),
    notes: row.notes,
    doctor: { _id: row.doctor_id, name: row.doctor_name, licenseNumber: row.doctor_license, specialization: row.doctor_specialization },
    patient: { _id: row.patient_id, name: row.patient_name },
    lines: lines.map((l) => ({
      _id: l.id,
      product: l.product_id
        ? {
            _id: l.product_id,
            slug: l.slug ?? '',
            prescriptionOnly: Number(l.prescription_only) === 1,
            activeIngredients: readIngredients(l.active_ingredients),
          }
        : null,
      medicine: l.medicine,
      dose: l.dose,
      frequency: l.frequency,
      duration: l.duration,
      quantity: Number(l.quantity),
      remaining: Number(l.remaining),
      notes: l.notes,
      ...(offers ? { offers: offers.get(l.id) ?? [] } : {}),
    })),
    acknowledgedWarnings: readAcknowledgement(row.safety_ack),
  };
}

export const toOffer = (o: {
  id: string;
  slug: string;
  name: string;
  price_cents: number;
  quantity: number;
  owner_id: string;
  owner_pharmacy: string;
  owner_username: string;
}): Offer => ({
  product: { _id: o.id, slug: o.slug, name: o.name },
  pharmacy: { _id: o.owner_id, name: o.owner_pharmacy || o.owner_username },
  price: centsToAmount(o.price_cents),
  stock: Number(o.quantity),
});
