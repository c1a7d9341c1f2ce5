import { existsSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.js';
import { linkBase, loadConfig } from './config.js';
import { migrateToLatest, openDatabase } from './db/index.js';
import { seedIfEmpty } from './db/seed/index.js';
import { withStartupLock } from './db/startup-lock.js';
import { isDatabaseUnavailable } from './lib/db-errors.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

async function main() {
  // Settings may also come from a .env file in the working directory (see .env.example).
  if (existsSync('.env')) process.loadEnvFile('.env');
  const config = loadConfig();
  const database = openDatabase(config);
  // Any number of instances may start at once on an empty database: one migrates and seeds, the others wait.
  const seeded = await withStartupLock(database, async () => {
    await migrateToLatest(database.db);
    return config.seed === 'auto' ? seedIfEmpty(database.db, config) : false;
  }).catch((error: unknown) => {
    throw new Error(startupFailure(error, database.description));
  });
  const app = await buildApp({ config, database, spaDir: path.resolve(root, process.env.SPA_DIR ?? 'dist') });
  if (seeded) app.log.info('Seeded the database with demo content (see README for the demo accounts)');
  // A lost database or Redis connection degrades the service (503, health "down") and recovers by
  // itself; a rejection nobody awaited is a bug to log, not a reason to drop every request in flight.
  process.on('unhandledRejection', (reason) => app.log.error({ err: reason }, 'unhandled rejection'));

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received: finishing in-flight requests and closing`);
    // A supervisor's SIGTERM (a rolling deploy) first drains: still serving, health 503 and every
    // answer closing its connection, so the balancer and keep-alive clients move on before the
    // port closes and no idle connection is cut as a request arrives on it. Ctrl-C stops at once.
    const drainMs = signal === 'SIGTERM' ? config.shutdownDrainMs : 0;
    // Then stop accepting, let in-flight requests finish, close sockets, then the database.
    const timer = setTimeout(() => process.exit(1), drainMs + 15_000);
    timer.unref();
    try {
      if (drainMs) {
        app.lifecycle.draining = true;
        await new Promise((resolve) => setTimeout(resolve, drainMs));
        // Stop accepting without http's close(), which would cut connections accepted a moment ago
        // as idle before their request arrives; each is served (and closed) or ends within a second.
        await new Promise<void>((resolve) => {
          net.Server.prototype.close.call(app.server, () => resolve());
          setTimeout(resolve, 1_000).unref();
        });
      }
      await app.close();
      await database.db.destroy();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  const shown = linkBase(config);
  app.log.info(`Clinic & Pharmacy Portal is ready at ${shown} (database: ${database.description}${config.redisUrl ? '; Redis adapter on' : ''})`);
}

/** The start-up error in words an operator can act on: which setting, and what was expected. */
function startupFailure(error: unknown, description: string): string {
  const reason = error instanceof Error ? error.message : String(error);
  if (isDatabaseUnavailable(error)) {
    return `Could not connect to the database given by DATABASE_URL (${description}): ${reason}. DATABASE_URL must point to a running PostgreSQL server (postgres://user:password@host:5432/database), or be empty for SQLite.`;
  }
  return `Could not prepare the database (${description}): ${reason}`;
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
