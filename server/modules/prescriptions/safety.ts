import type { SafetyConflict } from '../../../shared/prescription-safety.js';

/**
 * The prescription safety rules, pure and free of the database: which products of a prescription
 * or a cart clash with a patient's recorded allergies or current medicines. Used when a doctor
 * prescribes and when a patient checks out.
 */

/**
 * Drug classes a recorded allergy may name instead of a single substance. An allergy to a class
 * covers every member; an allergy to a member covers that member only. Kept small on purpose: the
 * classes most often recorded as allergies, with the members sold or prescribed in the portal.
 */
export const drugClasses: readonly { names: readonly string[]; members: readonly string[] }[] = [
  {
    names: ['penicillin', 'penicillins', 'beta-lactam', 'beta lactam'],
    members: ['penicillin', 'amoxicillin', 'ampicillin', 'flucloxacillin', 'piperacillin', 'benzylpenicillin', 'phenoxymethylpenicillin'],
  },
  { names: ['cephalosporin', 'cephalosporins'], members: ['cefalexin', 'cephalexin', 'cefuroxime', 'ceftriaxone', 'cefixime', 'cefadroxil'] },
  { names: ['macrolide', 'macrolides'], members: ['azithromycin', 'clarithromycin', 'erythromycin'] },
  { names: ['sulfonamide', 'sulfonamides', 'sulfa', 'sulpha'], members: ['sulfamethoxazole', 'sulfasalazine'] },
  {
    names: ['nsaid', 'nsaids', 'non-steroidal anti-inflammatory drugs'],
    members: ['ibuprofen', 'naproxen', 'diclofenac', 'aspirin', 'acetylsalicylic acid', 'mefenamic acid'],
  },
];

export interface CheckedProduct {
  name: string;
  ingredients: readonly string[];
}
export interface RecordedAllergy {
  substance: string;
  reaction: string;
  severity: string;
}
export interface CurrentMedicine {
  /** As written in the history ("Amlodipine 5 mg, one tablet every morning"). */
  name: string;
  /** Known ingredients (a catalogue product's); the name is searched as well. */
  ingredients?: readonly string[];
}

/** Lower case, single spaces, no trailing "allergy" word: how names are compared. */
export const normalizeName = (text: string) =>
  text
    .toLowerCase()
    .replace(/\ballerg(y|ies|ic)( to)?\b/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** Whether an allergy recorded as `substance` covers `ingredient`, directly or by its class. */
export function allergyCovers(substance: string, ingredient: string): boolean {
  const s = normalizeName(substance);
  const i = normalizeName(ingredient);
  if (!s || !i) return false;
  if (s === i) return true;
  return drugClasses.some((c) => c.names.includes(s) && c.members.includes(i));
}

/** Whether a medicine written as free text names the ingredient as a whole word. */
export function textNames(text: string, ingredient: string): boolean {
  const i = normalizeName(ingredient).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  if (!i) return false;
  return new RegExp(`(^|[^a-z])${i}([^a-z]|$)`).test(normalizeName(text));
}

/**
 * Every clash of the products with the allergies (an ingredient the patient is allergic to, or a
 * member of a class she is allergic to) and with her current medicines (the same ingredient
 * already taken: duplicate therapy). One conflict per product, ingredient and allergy or medicine.
 */
export function findConflicts(
  products: readonly CheckedProduct[],
  allergies: readonly RecordedAllergy[],
  medicines: readonly CurrentMedicine[],
): SafetyConflict[] {
  const conflicts: SafetyConflict[] = [];
  const seen = new Set<string>();
  const add = (c: SafetyConflict) => {
    const key = `${c.kind}|${c.product}|${normalizeName(c.ingredient)}|${normalizeName(c.with)}`;
    if (seen.has(key)) return;
    seen.add(key);
    conflicts.push(c);
  };
  for (const product of products) {
    for (const ingredient of product.ingredients) {
      for (const allergy of allergies) {
        if (!allergyCovers(allergy.substance, ingredient)) continue;
        const detail = [allergy.severity, allergy.reaction].filter(Boolean).join(', ');
        add({
          kind: 'allergy',
          product: product.name,
          ingredient,
          with: allergy.substance,
          message: `${product.name} contains ${ingredient}, and an allergy to ${allergy.substance}${detail ? ` (${detail})` : ''} is recorded.`,
        });
      }
      for (const medicine of medicines) {
        const same = (medicine.ingredients ?? []).some((m) => normalizeName(m) === normalizeName(ingredient)) || textNames(medicine.name, ingredient);
        if (!same) continue;
        add({
          kind: 'duplicate',
          product: product.name,
          ingredient,
          with: medicine.name,
          message: `${product.name} contains ${ingredient}, which is already taken in ${medicine.name} (duplicate therapy).`,
        });
      }
    }
  }
  return conflicts;
}

/** The ingredients as stored (a JSON array), or none when the text is not one. */
export function readIngredients(stored: string | null | undefined): string[] {
  try {
    const value: unknown = JSON.parse(stored || '[]');
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

/** The names among `known` that a free-text medicine mentions as whole words ("Amoxil 500 (amoxicillin)"). */
export function mentionedIngredients(text: string, known: readonly string[]): string[] {
  return [...new Set(known.filter((name) => textNames(text, name)))];
}
