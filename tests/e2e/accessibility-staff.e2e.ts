import { describe, expect, it } from 'vitest';
import { demo } from './harness.js';
import { adminRoutes, sweepBothLanguages, sweepTargetOfFile } from './accessibility/sweep.js';

/** Accessibility, signed in as the demo pharmacist (every route) and the demo administrator (every tab of the console), in English and in Arabic. */
const target = sweepTargetOfFile();

describe('axe-core on every route: zero serious or critical violations', () => {
  it('logged in as the demo pharmacist, in English and in Arabic', async () => {
    expect(await sweepBothLanguages(target(), 'pharmacist', demo.pharmacist)).toEqual([]);
  }, 300_000);

  it('logged in as the demo administrator, every tab of the console, in English and in Arabic', async () => {
    expect(await sweepBothLanguages(target(), 'admin', demo.admin, adminRoutes)).toEqual([]);
  }, 300_000);
});
