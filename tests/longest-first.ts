import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * A project's files run a few at a time, so a stage ends when its last file does. Vitest orders
 * files by how long they took last time, but a fresh clone (CI) has no such record and orders them
 * by size, which can leave the longest file to start last and run alone at the end (the server
 * tests' two bad-input sweeps did: 30 s with one core idle). The files named here, known to take
 * longest, start first in this order; the rest follow in Vitest's own order.
 */
export function longestFirst(longest: string[]) {
  const rank = (spec: TestSpecification) => {
    const name = spec.moduleId.replace(/^.*\//, '').replace(/\.(e2e|test)\.tsx?$/, '');
    const index = longest.indexOf(name);
    return index === -1 ? longest.length : index;
  };
  return class LongestFirst extends BaseSequencer {
    override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
      const ordered = await super.sort(files);
      // Array.prototype.sort is stable: files of equal rank keep Vitest's order.
      return ordered.sort((a, b) => rank(a) - rank(b));
    }
  };
}
