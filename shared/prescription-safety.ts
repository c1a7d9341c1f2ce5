/** An allergy the patient recorded, or a medicine she already takes with the same ingredient. */
export const SAFETY_CONFLICT_KINDS = ['allergy', 'duplicate'] as const;

/**
 * One safety warning, as the server finds it and sends it in a 409 (writing a prescription, checking
 * out) and the web app shows it for acknowledging.
 */
export interface SafetyConflict {
  kind: (typeof SAFETY_CONFLICT_KINDS)[number];
  product: string;
  ingredient: string;
  /** The allergy's substance or the current medicine's name. */
  with: string;
  message: string;
}
