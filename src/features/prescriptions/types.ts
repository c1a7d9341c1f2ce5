/** A pharmacy that has a prescribed medicine in stock (the prescription page only, cheapest first). */
export interface PrescriptionOffer {
  product: { _id: string; slug: string; name: string };
  pharmacy: { _id: string; name: string };
  price: number;
  stock: number;
}

export interface PrescriptionLine {
  _id: string;
  /** The catalogue product prescribed, or null for a free-text medicine. */
  product: { _id: string; slug: string; prescriptionOnly: boolean; activeIngredients: string[] } | null;
  medicine: string;
  dose: string;
  frequency: string;
  duration: string;
  quantity: number;
  remaining: number;
  notes: string;
  offers?: PrescriptionOffer[];
}

export type PrescriptionStatus = 'valid' | 'used' | 'expired';

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

/** One safety warning of a 409 (allergy or duplicate therapy). */
export interface SafetyConflict {
  kind: 'allergy' | 'duplicate';
  product: string;
  ingredient: string;
  with: string;
  message: string;
}
