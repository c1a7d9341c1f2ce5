import { describe, expect, it } from 'vitest';
import { demo } from './harness.js';
import { sweepBothLanguages, sweepTargetOfFile } from './accessibility/sweep.js';

/** Accessibility, signed in as the demo patient and the demo doctor: every route, in English and in Arabic. */
const target = sweepTargetOfFile();

describe('axe-core on every route: zero serious or critical violations', () => {
  for (const role of ['patient', 'doctor'] as const) {
    it(`logged in as the demo ${role}, in English and in Arabic`, async () => {
      expect(await sweepBothLanguages(target(), role, demo[role])).toEqual([]);
    }, 300_000);
  }
});
