/**
 * Calls that arrive while an earlier group of them is running wait for it to end, and then run
 * together as the next group: one statement and one commit for many requests instead of one each.
 * Under load that is what a write costs on PostgreSQL, where every commit waits for its log to reach
 * the disk; with nothing else running, a call runs at once as a group of one.
 *
 * Each caller's promise settles only when its own group has ended, so an answer that says a write
 * happened is given only after the commit that holds it. Calls with the same key are the same
 * change of the same thing: only the last one that arrived runs, and all of them get its outcome,
 * as if they had run one after the other. When a group fails, its calls run again each on its own
 * (side by side), so one bad call never fails the others.
 */
export function grouped<I, R>({
  key,
  run,
  most = 500,
}: {
  key: (item: I) => string;
  run: (items: I[]) => Promise<R[]>;
  /** At most this many calls in one group (a statement's number of values is bounded). */
  most?: number;
}): (item: I) => Promise<R> {
  type Waiting = { item: I; settle: Array<{ resolve: (result: R) => void; reject: (error: unknown) => void }> };
  const next = new Map<string, Waiting>();
  let running = false;

  async function runAll(group: Waiting[]) {
    try {
      const results = await run(group.map((w) => w.item));
      group.forEach((w, i) => w.settle.forEach((s) => s.resolve(results[i]!)));
    } catch (error) {
      if (group.length === 1) {
        group[0]!.settle.forEach((s) => s.reject(error));
        return;
      }
      await Promise.all(group.map((w) => runAll([w])));
    }
  }

  async function drain() {
    running = true;
    try {
      while (next.size) {
        const group: Waiting[] = [];
        for (const [k, waiting] of next) {
          if (group.length === most) break;
          group.push(waiting);
          next.delete(k);
        }
        await runAll(group);
      }
    } finally {
      running = false;
    }
  }

  return (item: I) =>
    new Promise<R>((resolve, reject) => {
      const k = key(item);
      const waiting = next.get(k);
      if (waiting) {
        waiting.item = item;
        waiting.settle.push({ resolve, reject });
      } else {
        next.set(k, { item, settle: [{ resolve, reject }] });
      }
      if (!running) void drain();
    });
}
