/** Valid until its last day; used once every catalogue line is bought in full; expired after. */
export const PRESCRIPTION_STATUSES = ['valid', 'used', 'expired'] as const;
export type PrescriptionStatus = (typeof PRESCRIPTION_STATUSES)[number];

/** What the doctor wrote on one line of a prescription, under the same names in the table and in the API. */
export interface PrescribedMedicine {
  medicine: string;
  dose: string;
  frequency: string;
  duration: string;
  quantity: number;
  /** Packs that may still be bought against this line. */
  remaining: number;
  notes: string;
}
