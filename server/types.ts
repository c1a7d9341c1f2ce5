import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { DB, Dialect } from './db/index.js';
import type { Durability } from './db/durability.js';
import type { Sanitizer } from './lib/sanitizer.js';
import type { Tokens } from './lib/tokens.js';
import type { Scheduler } from './jobs/scheduler.js';
import type { QueuedMailer } from './mail/queue.js';
import type { ImageStore } from './storage/images.js';
import type { PrivateFiles } from './storage/private-files.js';

export type App = FastifyInstance<Server, IncomingMessage, ServerResponse, FastifyBaseLogger, ZodTypeProvider>;

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    /**
     * `draining` once the process was told to stop: health answers 503 so the balancer sends new
     * requests elsewhere, and every answer closes its connection, while requests are still served.
     */
    lifecycle: { draining: boolean };
    db: DB;
    dialect: Dialect;
    /** When commits are on disk; whatever tells the outside world of a write waits for `settled()`. */
    durability: Durability;
    tokens: Tokens;
    images: ImageStore;
    privateFiles: PrivateFiles;
    /** Email, queued and retried: SMTP_URL, or .eml files under DATA_DIR/outbox. */
    mailer: QueuedMailer;
    sanitizer: Sanitizer;
    /** Reminders and other jobs at a set time, claimed from the database (see server/jobs). */
    scheduler: Scheduler;
  }
}
