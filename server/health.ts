import type { App } from './types.js';

/** `stalled`: connected, but not answering within the command timeout (a stopped or frozen server). */
export type ServiceState = 'up' | 'down' | 'stalled' | 'off';

const probeTimeoutMs = 1_000;

/** Resolves to `fallback` when `probe` takes longer than the health check may wait. */
async function within<T>(probe: Promise<T>, fallback: T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([probe, new Promise<T>((resolve) => (timer = setTimeout(resolve, probeTimeoutMs, fallback)))]);
  } finally {
    clearTimeout(timer);
  }
}

/** "up" when a trivial query answers. */
export async function databaseState(app: App): Promise<ServiceState> {
  const probe = app.db
    .selectFrom('users')
    .select('id')
    .limit(1)
    .execute()
    .then(
      (): ServiceState => 'up',
      (): ServiceState => 'down',
    );
  return within(probe, 'down');
}

/** "off" without REDIS_URL; otherwise whether Redis answers PING, and "stalled" when it is connected but silent. */
export async function redisState(app: App): Promise<ServiceState> {
  if (!app.redis) return 'off';
  if (app.redis.status !== 'ready') return 'down';
  const probe = app.redis.ping().then(
    (pong): ServiceState => (pong === 'PONG' ? 'up' : 'down'),
    (error: Error): ServiceState => (/timed out/i.test(error.message) ? 'stalled' : 'down'),
  );
  return within(probe, 'stalled');
}
