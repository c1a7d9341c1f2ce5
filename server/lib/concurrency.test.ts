import { describe, expect, it } from 'vitest';
import { fairConcurrency } from './concurrency.js';

/** A task that runs until `finish()` is called, recording when it started. */
function gate(log: string[], name: string) {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return { task: () => (log.push(name), done), finish: () => finish() };
}
const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('fairConcurrency', () => {
  it('runs one task per key at a time, even with a place free', async () => {
    const run = fairConcurrency(2, 100, 10, 'busy');
    const started: string[] = [];
    const [a1, a2] = [gate(started, 'a1'), gate(started, 'a2')];
    const runs = [run('a', a1.task), run('a', a2.task)];
    await tick();
    expect(started).toEqual(['a1']);
    a1.finish();
    await tick();
    expect(started).toEqual(['a1', 'a2']);
    a2.finish();
    await Promise.all(runs);
  });

  it("serves keys in turn: a key's next task goes behind the other keys' waiting ones", async () => {
    const run = fairConcurrency(1, 100, 10, 'busy');
    const started: string[] = [];
    const a = [1, 2, 3].map((n) => gate(started, `a${n}`));
    const [b, c] = [gate(started, 'b1'), gate(started, 'c1')];
    const runs = [...a.map((g) => run('a', g.task)), run('b', b.task), run('c', c.task)];
    for (const next of [a[0], a[1], b, c, a[2]]) {
      await tick();
      next.finish();
    }
    await Promise.all(runs);
    // First come, first served would have run a1, a2, a3, b1, c1.
    expect(started).toEqual(['a1', 'a2', 'b1', 'c1', 'a3']);
  });

  it("refuses with 503 a key's task past its own line, without refusing other keys", async () => {
    const run = fairConcurrency(1, 100, 2, 'busy');
    const started: string[] = [];
    const first = gate(started, 'a1');
    const running = run('a', first.task);
    const waiting = [run('a', async () => undefined), run('a', async () => undefined)];
    await expect(run('a', async () => undefined)).rejects.toMatchObject({ statusCode: 503, message: 'busy' });
    const other = run('b', async () => 'b');
    first.finish();
    await Promise.all([running, ...waiting]);
    expect(await other).toBe('b');
  });

  it('a failing task frees its place', async () => {
    const run = fairConcurrency(1, 100, 10, 'busy');
    await expect(run('a', async () => Promise.reject(new Error('bad')))).rejects.toThrow('bad');
    expect(await run('a', async () => 'next')).toBe('next');
  });
});
