import type { PrescribedMedicine, PrescriptionStatus } from '../../../shared/prescription';

export type { PrescriptionStatus };
export type { SafetyConflict } from '../../../shared/prescription-safety';

/** A pharmacy that has a prescribed medicine in stock (the prescription page only, cheapest first). */
export interface PrescriptionOffer {
  product: { _id: string; slug: string; name: string };
  pharmacy: { _id: string; name: string };
  price: number;
  stock: number;
}

export interface PrescriptionLine extends PrescribedMedicine {
  _id: string;
  /** The catalogue product prescribed, or null for a free-text medicine. */
  product: { _id: string; slug: string; prescriptionOnly: boolean; activeIngredients: string[] } | null;
  offers?: PrescriptionOffer[];
}

export interface Prescription {
  _id: string;
  code: string;
  issuedAt: string;
  validUntil: string;
  status: PrescriptionStatus;
  notes: string;
  doctor: { _id: string; name: string; licenseNumber: string; specialization: string };
  patient: { _id: string; name: string };
  lines: PrescriptionLine[];
  acknowledgedWarnings: string[];
}

/** The answer of "Buy prescribed medicines". */
export interface ToCartAnswer {
  message: string;
  added: { line: string; name: string; pharmacy: string; quantity: number; slug: string }[];
  unavailable: { line: string; name: string; reason: string }[];
}
