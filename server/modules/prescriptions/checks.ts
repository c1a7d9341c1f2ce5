import type { Transaction } from 'kysely';
import type { DB } from '../../db/index.js';
import type { Database } from '../../db/schema.js';
import { HttpError, forbidden } from '../../lib/errors.js';
import { nowIso } from '../../lib/time.js';
import { drugClasses, findConflicts, mentionedIngredients, normalizeName, readIngredients, type CheckedProduct, type CurrentMedicine } from './safety.js';
import type { SafetyConflict } from '../../../shared/prescription-safety.js';
import { prescriptionsRepository } from './repository.js';

/**
 * What other modules ask of prescriptions: whether a purchase of a prescription-only product is
 * covered, taking the packs at checkout, and the safety check against a patient's record.
 */
/** A catalogue product as coverage reads it: its identity and its active ingredients (the stored JSON list). */
export interface CoveredProduct {
  id: string;
  name: string;
  prescription_only?: number | null;
  active_ingredients?: string | null;
}

/** Active ingredients as a set to compare: normalized, sorted, without repeats ('' for none listed). */
const ingredientSet = (ingredients: readonly string[]) => [...new Set(ingredients.map(normalizeName).filter(Boolean))].sort().join('|');

/**
 * Whether a prescription line for `prescribed` covers `product`: the same catalogue product, or the
 * same medicine from another pharmacy (the same, listed, active ingredients). The display name
 * plays no part: a pharmacy can rename a product to anything.
 */
const sameMedicine = (a: { id?: string; ingredients: readonly string[] }, b: { id?: string; ingredients: readonly string[] }) => {
  if (a.id !== undefined && a.id === b.id) return true;
  const wanted = ingredientSet(a.ingredients);
  return wanted !== '' && wanted === ingredientSet(b.ingredients);
};
export const covers = (prescribed: { product_id: string; active_ingredients?: string | null }, product: CoveredProduct) =>
  sameMedicine(
    { id: product.id, ingredients: readIngredients(product.active_ingredients) },
    { id: prescribed.product_id, ingredients: readIngredients(prescribed.active_ingredients) },
  );

export function prescriptionChecks(db: DB) {
  const repo = prescriptionsRepository(db);

  const coveringLines = async (executor: Parameters<typeof repo.covering>[0], patientId: string, product: CoveredProduct, now: string) =>
    (await repo.covering(executor, patientId, now)).filter((line) => covers(line, product));

  async function coveredQuantity(patientId: string, product: CoveredProduct) {
    const lines = await coveringLines(db, patientId, product, nowIso());
    return lines.reduce((sum, l) => sum + Number(l.remaining), 0);
  }

  return {
    coveredQuantity,

    /** Refuses putting more of a prescription-only product in the cart than her valid prescriptions still cover. */
    async assertCovered(patientId: string, product: CoveredProduct, quantity: number) {
      if (Number(product.prescription_only) !== 1 || quantity <= 0) return;
      const covered = await coveredQuantity(patientId, product);
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
    async consume(trx: Transaction<Database>, patientId: string, product: CoveredProduct, quantity: number): Promise<string | null> {
      const now = nowIso();
      for (const line of await coveringLines(trx, patientId, product, now)) {
        if (Number(line.remaining) < quantity) continue;
        if (await repo.consume(trx, line.id, patientId, quantity, now)) return line.id;
      }
      return null;
    },

    restore: (trx: Transaction<Database>, lineId: string | null | undefined, quantity: number) =>
      lineId ? repo.restore(trx, lineId, quantity) : Promise.resolve(),

    /**
     * The patient's allergies and current medicines against the products. Medicines written on a
     * prescription for the same catalogue product (by identity, never by name) are not counted as a
     * duplicate of it: buying what was prescribed is the treatment, not a second one.
     */
    async conflicts(
      patientId: string,
      products: (CheckedProduct & { id?: string; freeText?: boolean })[],
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
          .map((p) => ({ name: p.medicine, ingredients: readIngredients(p.active_ingredients), sourceProduct: p.product_id ?? undefined })),
      ];
      const byName = new Map(products.map((p) => [p.name, p]));
      // Buying what a prescription names (that product, or the same medicine elsewhere) is no duplicate of it.
      const prescribedHere = (c: SafetyConflict) => {
        const product = byName.get(c.product);
        return medicines.some(
          (m) => m.name === c.with && m.sourceProduct && product && sameMedicine({ id: m.sourceProduct, ingredients: m.ingredients ?? [] }, product),
        );
      };
      // A free-text medicine has no ingredient list: the class members and allergy substances it names stand in.
      const known = [...drugClasses.flatMap((c) => c.members), ...allergies.map((a) => a.substance)];
      const checked = products.map((p) => (p.ingredients.length || !p.freeText ? p : { ...p, ingredients: mentionedIngredients(p.name, known) }));
      const found = findConflicts(checked, allergies, medicines);
      return found.filter((c) => c.kind !== 'duplicate' || !prescribedHere(c));
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
export const checkedProduct = (p: {
  name: string;
  id?: string;
  product_id?: string;
  active_ingredients?: string | null;
}): CheckedProduct & { id?: string } => ({
  id: p.product_id ?? p.id,
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
