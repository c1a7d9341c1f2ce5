import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The journeys run two at a time, so the run ends when its last file does. Vitest orders files by
 * how long they took last time, but a fresh clone (CI) has no such record and would order them by
 * size, which can leave a two-minute sweep for the end. The journeys known to take longest start
 * first, in this order; the rest follow in Vitest's own order.
 */
const longest = [
  'phone-screens',
  'history',
  'accessibility-care',
  'accessibility',
  'accessibility-staff',
  'phone-layout',
  'prescriptions',
  'arabic',
  'accounts',
  'doctors',
];

const rank = (spec: TestSpecification) => {
  const name = spec.moduleId.replace(/^.*\//, '').replace(/\.e2e\.ts$/, '');
  const index = longest.indexOf(name);
  return index === -1 ? longest.length : index;
};

export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const ordered = await super.sort(files);
    // Array.prototype.sort is stable: files of equal rank keep Vitest's order.
    return ordered.sort((a, b) => rank(a) - rank(b));
  }
}
