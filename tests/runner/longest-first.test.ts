import path from 'node:path';
import type { TestSpecification } from 'vitest/node';
import { describe, expect, it } from 'vitest';
import config from '../../vitest.config';

/**
 * On a fresh clone Vitest knows no durations, so the order the stages' files start in comes from the
 * root configuration's sequencer alone (a project's own `sequence.sequencer` is ignored by Vitest).
 */
const root = path.resolve(import.meta.dirname, '../..');
type ProjectConfig = { test: { name: string; sequence?: { groupOrder?: number; sequencer?: unknown } } };
const projects = (config.test?.projects ?? []) as ProjectConfig[];

/** A test file of a project as the sequencer sees it; `size` stands for the file's size on disk. */
const spec = (project: string, file: string, size: number) =>
  ({
    moduleId: path.join(root, file),
    size,
    project: { name: project, config: { sequence: { groupOrder: projects.find((p) => p.test.name === project)?.test.sequence?.groupOrder }, isolate: false } },
  }) as unknown as TestSpecification & { size: number };

/** Sorts as a first run would: no recorded results, only each file's size. */
async function firstRunOrder(specs: (TestSpecification & { size: number })[]) {
  const Sequencer = config.test?.sequence?.sequencer;
  expect(Sequencer, 'the root configuration sets the sequencer').toBeDefined();
  const bySize = new Map(specs.map((s) => [`${s.project.name}:${path.relative(root, s.moduleId)}`, { size: s.size }]));
  const cache = { getFileTestResults: () => undefined, getFileStats: (key: string) => bySize.get(key) };
  const sequencer = new Sequencer!({ cache, config: { root } } as never);
  return (await sequencer.sort(specs)).map((s) => path.basename(s.moduleId));
}

describe('the order test files start in on a fresh clone', () => {
  it('no project sets a sequencer of its own, which Vitest would ignore', () => {
    expect(projects.filter((p) => p.test.sequence?.sequencer).map((p) => p.test.name)).toEqual([]);
  });

  it('starts the server tests’ bad-input sweeps first, though they are not the largest files', async () => {
    const order = await firstRunOrder([
      spec('server', 'tests/server/cart.test.ts', 9000),
      spec('server', 'tests/server/production/bad-input-sweep-2.test.ts', 100),
      spec('server', 'tests/server/time.test.ts', 5000),
      spec('server', 'tests/server/production/bad-input-sweep-1.test.ts', 50),
    ]);
    expect(order).toEqual(['bad-input-sweep-1.test.ts', 'bad-input-sweep-2.test.ts', 'cart.test.ts', 'time.test.ts']);
  });

  it('starts the longest journeys and component tests first, each project in its own group order', async () => {
    const order = await firstRunOrder([
      spec('e2e', 'tests/e2e/notifications.e2e.ts', 9000),
      spec('spa', 'src/features/shop/ProductPage.test.tsx', 9000),
      spec('e2e', 'tests/e2e/accessibility.e2e.ts', 10),
      spec('spa', 'src/features/history/HistoryPage.test.tsx', 10),
    ]);
    expect(order).toEqual(['HistoryPage.test.tsx', 'ProductPage.test.tsx', 'accessibility.e2e.ts', 'notifications.e2e.ts']);
  });
});
