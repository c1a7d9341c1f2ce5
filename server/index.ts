import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { migrateToLatest, openDatabase } from './db/index.js';
import { seedIfEmpty } from './db/seed/index.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

async function main() {
  // Settings may also come from a .env file in the working directory (see .env.example).
  if (existsSync('.env')) process.loadEnvFile('.env');
  const config = loadConfig();
  const database = openDatabase(config);
  await migrateToLatest(database.db);
  const app = await buildApp({ config, database, spaDir: path.resolve(root, process.env.SPA_DIR ?? 'dist') });
  if (config.seed === 'auto') {
    const seeded = await seedIfEmpty(database.db, config);
    if (seeded) app.log.info('Seeded the database with demo content (see README for the demo accounts)');
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received: finishing in-flight requests and closing`);
    // Stop accepting, let in-flight requests finish, close sockets, then the database.
    const timer = setTimeout(() => process.exit(1), 15_000);
    timer.unref();
    try {
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
  const shown = config.publicUrl ?? `http://localhost:${config.port}`;
  app.log.info(`Clinic & Pharmacy Portal is ready at ${shown} (database: ${database.description}${config.redisUrl ? '; Redis adapter on' : ''})`);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
