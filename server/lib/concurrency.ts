import { HttpError } from './errors.js';

/**
 * Runs at most `limit` tasks at once; later ones wait in line. When the line is longer than
 * `maxWaiting`, a task is refused with 503 at once instead of queueing without end, so a flood of
 * expensive requests cannot pile up memory and delay everyone else without bound.
 */
export function boundedConcurrency(limit: number, maxWaiting: number, busyMessage: string) {
  let running = 0;
  const waiting: Array<() => void> = [];
  const release = () => {
    running--;
    waiting.shift()?.();
  };
  return async function run<T>(task: () => Promise<T>): Promise<T> {
    if (running >= limit) {
      if (waiting.length >= maxWaiting) throw new HttpError(503, busyMessage);
      await new Promise<void>((resolve) => waiting.push(resolve));
    }
    running++;
    try {
      return await task();
    } finally {
      release();
    }
  };
}

/**
 * Like `boundedConcurrency`, with a fair line: each key (an account) runs at most one task at a
 * time, and free places go to the keys in turn (a key just served goes to the back of the line
 * with its next task), so one key's many or slow tasks hold one place and wait behind every other
 * key's next task, never in front of them. A key with more than
 * `maxWaitingPerKey` tasks in line, or a line longer than `maxWaiting`, is refused with 503.
 */
export function fairConcurrency(limit: number, maxWaiting: number, maxWaitingPerKey: number, busyMessage: string) {
  let running = 0;
  let waitingCount = 0;
  const busyKeys = new Set<string>();
  // Keys with tasks in line, in turn order (a Map keeps insertion order; a served key goes to the end).
  const lines = new Map<string, Array<() => void>>();

  const startNext = () => {
    for (const [key, line] of lines) {
      if (running >= limit) return;
      if (busyKeys.has(key)) continue;
      const start = line.shift() as () => void;
      lines.delete(key);
      if (line.length) lines.set(key, line);
      waitingCount--;
      running++;
      busyKeys.add(key);
      start();
    }
  };

  return async function run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const line = lines.get(key) ?? [];
    if (waitingCount >= maxWaiting || line.length >= maxWaitingPerKey) throw new HttpError(503, busyMessage);
    const started = new Promise<void>((resolve) => line.push(resolve));
    lines.set(key, line);
    waitingCount++;
    startNext();
    await started;
    try {
      return await task();
    } finally {
      running--;
      busyKeys.delete(key);
      startNext();
    }
  };
}
