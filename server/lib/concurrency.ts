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
