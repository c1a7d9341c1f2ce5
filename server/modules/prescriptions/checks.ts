import type { Transaction } from 'kysely';
import type { DB } from '../../db/index.js';
import type { Database } from '../../db/schema.js';
import { HttpError, forbidden } from '../../lib/errors.js';
import { nowIso } from '../../lib/time.js';
import { drugClasses, findConflicts, mentionedIngredients, readIngredients, type CheckedProduct, type CurrentMedicine } from './safety.js';
import type { SafetyConflict } from '../../../shared/prescription-safety.js';
import { prescriptionsRepository } from './repository.js';

/**
 * What other modules ask of prescriptions: whether a purchase of a prescription-only product is
 * covered, taking the packs at checkout, and the safety check against a patient's record.
 */
export function prescriptionChecks(db: DB) {
  const repo = prescriptionsRepository(db);

  async function coveredQuantity(patientId: string, productName: string) {
    const lines = await repo.covering(db, patientId, productName, nowIso());
    return lines.reduce((sum, l) => sum + Number(l.remaining), 0);
  }

  return {
    coveredQuantity,

    /** Refuses putting more of a prescription-only product in the cart than her valid prescriptions still cover. */
    async assertCovered(patientId: string, product: { name: string; prescription_only?: number | null }, quantity: number) {
      if (Number(product.prescription_only) !== 1 || quantity <= 0) return;
      const covered = await coveredQuantity(patientId, product.name);
      if (covered >= quantity) return;
      throw forbidden(
        covered === 0
          ? `${product.name} is sold only with a prescription: you need a valid prescription from your doctor that covers it`
          : `${product.name} is sold only with a prescription, and your valid prescriptions cover ${covered} more`,
      );
    },

    /**
     * Inside the checkout transaction: takes the packs from one of her covering prescription lines
     * with a conditional update, trying the next line when another checkout took them first.
     * Returns the line used, or null when nothing covers the quantity any more.
     */
    async consume(trx: Transaction<Database>, patientId: string, productName: string, quantity: number): Promise<string | null> {
      const now = nowIso();
      for (const line of await repo.covering(trx, patientId, productName, now)) {
        if (Number(line.remaining) < quantity) continue;
        if (await repo.consume(trx, line.id, patientId, quantity, now)) return line.id;
      }
      return null;
    },

    restore: (trx: Transaction<Database>, lineId: string | null | undefined, quantity: number) =>
      lineId ? repo.restore(trx, lineId, quantity) : Promise.resolve(),

    /**
     * The patient's allergies and current medicines against the products. Medicines written on a
     * prescription for the same product (by name) are not counted as a duplicate of it: buying
     * what was prescribed is the treatment, not a second one.
     */
    async conflicts(
      patientId: string,
      products: (CheckedProduct & { freeText?: boolean })[],
      options: { skipPrescriptionId?: string } = {},
    ): Promise<SafetyConflict[]> {
      const [allergies, continuous, prescribed] = await Promise.all([
        repo.allergies(patientId),
        repo.continuousMedicines(patientId),
        repo.currentPrescribed(patientId, nowIso()),
      ]);
      const medicines: (CurrentMedicine & { sourceProduct?: string })[] = [
        ...continuous.map((m) => ({ name: m.medicine })),
        ...prescribed
          .filter((p) => p.prescription_id !== options.skipPrescriptionId)
          .map((p) => ({ name: p.medicine, ingredients: readIngredients(p.active_ingredients), sourceProduct: p.product_name ?? undefined })),
      ];
      // A free-text medicine has no ingredient list: the class members and allergy substances it names stand in.
      const known = [...drugClasses.flatMap((c) => c.members), ...allergies.map((a) => a.substance)];
      const checked = products.map((p) => (p.ingredients.length || !p.freeText ? p : { ...p, ingredients: mentionedIngredients(p.name, known) }));
      const found = findConflicts(checked, allergies, medicines);
      return found.filter(
        (c) =>
          c.kind !== 'duplicate' || !medicines.some((m) => m.name === c.with && m.sourceProduct && m.sourceProduct.toLowerCase() === c.product.toLowerCase()),
      );
    },
  };
}

/** The answer when warnings were not acknowledged: 409 with the conflicts listed. */
export function safetyWarning(conflicts: SafetyConflict[], who: 'doctor' | 'patient') {
  const what = conflicts.map((c) => c.message).join(' ');
  const next = who === 'doctor' ? 'Acknowledge the warning to write the prescription anyway.' : 'Acknowledge the warning to buy anyway.';
  return new HttpError(409, `Safety warning: ${what} ${next}`, { conflicts, needsAcknowledgement: true });
}

/** A product as the safety check reads it. */
export const checkedProduct = (p: { name: string; active_ingredients?: string | null }): CheckedProduct => ({
  name: p.name,
  ingredients: readIngredients(p.active_ingredients),
});

/** The acknowledged warnings as stored on a prescription or order. */
export const acknowledgement = (conflicts: SafetyConflict[], at: string) =>
  conflicts.length ? JSON.stringify({ at, conflicts: conflicts.map((c) => c.message) }) : '';

/** Whether a form's acknowledgement flag is set. */
export const acknowledged = (value: string | boolean | undefined) =>
  value === true ||
  ['true', '1', 'on', 'yes'].includes(
    String(value ?? '')
      .trim()
      .toLowerCase(),
  );
