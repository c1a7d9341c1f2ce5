import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * A project's files run a few at a time, so a stage ends when its last file does. Vitest orders
 * files by how long they took last time, but a fresh clone (CI) has no such record and orders them
 * by size, which can leave the longest file to start last and run alone at the end (the server
 * tests' two bad-input sweeps did: 17 s with the other workers idle). The files named for a project
 * (by name without `.test.ts` / `.e2e.ts`), known to take longest, start first in that order; the rest
 * follow in Vitest's own order.
 *
 * Vitest takes the sequencer from the root configuration only (`test.sequence.sequencer`): one set in
 * a project's own configuration is ignored, so this one sequencer knows every project's list.
 */
export function longestFirst(longestByProject: Record<string, string[]>) {
  const rank = (spec: TestSpecification) => {
    const longest = longestByProject[spec.project.name] ?? [];
    const name = spec.moduleId.replace(/^.*\//, '').replace(/\.(e2e|test)\.tsx?$/, '');
    const index = longest.indexOf(name);
    return index === -1 ? longest.length : index;
  };
  return class LongestFirst extends BaseSequencer {
    override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
      const ordered = await super.sort(files);
      // Projects stay in Vitest's order (by sequence.groupOrder); within one, named files first.
      const projects = [...new Set(ordered.map((spec) => spec.project.name))];
      const project = (spec: TestSpecification) => projects.indexOf(spec.project.name);
      // Array.prototype.sort is stable: files of equal rank keep Vitest's order.
      return ordered.sort((a, b) => project(a) - project(b) || rank(a) - rank(b));
    }
  };
}
