import { describe, expect, it } from 'vitest';
import { allergyCovers, findConflicts, mentionedIngredients, normalizeName, readIngredients, textNames } from './safety.js';

const amoxicillin = { name: 'Amoxicillin 500 mg', ingredients: ['Amoxicillin'] };
const penicillin = { substance: 'Penicillin', reaction: 'Hives', severity: 'severe' };

describe('allergy matching', () => {
  it('a class allergy covers each member; a member allergy covers only that member', () => {
    for (const member of ['amoxicillin', 'Ampicillin', 'penicillin']) expect(allergyCovers('Penicillin', member)).toBe(true);
    expect(allergyCovers('penicillins', 'amoxicillin')).toBe(true);
    expect(allergyCovers('Penicillin allergy', 'amoxicillin')).toBe(true);
    expect(allergyCovers('Amoxicillin', 'ampicillin')).toBe(false);
    expect(allergyCovers('Amoxicillin', 'AMOXICILLIN')).toBe(true);
    expect(allergyCovers('Penicillin', 'azithromycin')).toBe(false);
    expect(allergyCovers('NSAIDs', 'ibuprofen')).toBe(true);
    expect(allergyCovers('', 'ibuprofen')).toBe(false);
  });

  it('names are compared in lower case without the word allergy', () => {
    expect(normalizeName('  Allergy to   PENICILLIN ')).toBe('penicillin');
  });
});

describe('findConflicts', () => {
  it('warns about an ingredient the patient is allergic to, naming the allergy', () => {
    const [conflict, ...rest] = findConflicts([amoxicillin], [penicillin], []);
    expect(rest).toHaveLength(0);
    expect(conflict).toMatchObject({ kind: 'allergy', product: 'Amoxicillin 500 mg', ingredient: 'Amoxicillin', with: 'Penicillin' });
    expect(conflict.message).toBe('Amoxicillin 500 mg contains Amoxicillin, and an allergy to Penicillin (severe, Hives) is recorded.');
  });

  it('warns about the same ingredient in a current medicine (by its ingredients or its written name)', () => {
    const byIngredients = findConflicts(
      [{ name: 'Panadol Extra', ingredients: ['Paracetamol', 'Caffeine'] }],
      [],
      [{ name: 'Paracetamol 500 mg', ingredients: ['paracetamol'] }],
    );
    expect(byIngredients).toHaveLength(1);
    expect(byIngredients[0]).toMatchObject({ kind: 'duplicate', ingredient: 'Paracetamol', with: 'Paracetamol 500 mg' });
    expect(byIngredients[0].message).toContain('duplicate therapy');
    const byText = findConflicts([{ name: 'Brufen', ingredients: ['Ibuprofen'] }], [], [{ name: 'ibuprofen 400 mg three times a day' }]);
    expect(byText.map((c) => c.kind)).toEqual(['duplicate']);
  });

  it('finds nothing when ingredients, allergies and medicines do not meet', () => {
    expect(findConflicts([{ name: 'Azithromycin 250 mg', ingredients: ['Azithromycin'] }], [penicillin], [{ name: 'Amlodipine 5 mg' }])).toEqual([]);
    expect(findConflicts([{ name: 'Bandage', ingredients: [] }], [penicillin], [{ name: 'Amoxicillin' }])).toEqual([]);
  });

  it('lists each clash once even when a product is checked twice', () => {
    expect(findConflicts([amoxicillin, amoxicillin], [penicillin, penicillin], [])).toHaveLength(1);
  });
});

describe('helpers', () => {
  it('matches whole words only in written medicines', () => {
    expect(textNames('Amoxicillin 500 mg', 'amoxicillin')).toBe(true);
    expect(textNames('Co-amoxicillinate', 'amoxicillin')).toBe(false);
  });

  it('finds the known ingredients a free-text medicine names', () => {
    expect(mentionedIngredients('Amoxicillin 250 mg syrup', ['amoxicillin', 'ibuprofen', 'Penicillin'])).toEqual(['amoxicillin']);
    expect(mentionedIngredients('Saline rinse', ['amoxicillin'])).toEqual([]);
  });

  it('reads stored ingredients, tolerating bad text', () => {
    expect(readIngredients('["Amoxicillin"]')).toEqual(['Amoxicillin']);
    expect(readIngredients('not json')).toEqual([]);
    expect(readIngredients('')).toEqual([]);
  });
});
