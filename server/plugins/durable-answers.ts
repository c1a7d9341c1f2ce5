import type { Durability } from '../db/durability.js';
import { HttpError } from '../lib/errors.js';
import type { Mailer } from '../mail/mailer.js';
import type { App } from '../types.js';

export const notSavedMessage = 'The server could not save this safely; please try again in a moment';

/**
 * No answer leaves before every commit made so far is on disk, so a success the client reads can
 * never be undone by a power cut. Answers go at once when nothing waits (always on PostgreSQL).
 */
export function holdAnswersUntilDurable(app: App, durability: Durability) {
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (!durability.behind) return done(null, payload);
    durability.settled().then(
      () => done(null, payload),
      (error: unknown) => {
        app.log.error({ err: error }, 'the database log could not be written to disk');
        reply.code(503).removeHeader('content-length').header('content-type', 'application/json; charset=utf-8');
        done(null, JSON.stringify({ message: notSavedMessage }));
      },
    );
  });
}

/** A mail tells of what was committed before it: it is handed over only once that is on disk. */
export const mailerAfterDurable = (mailer: Mailer, durability: Durability): Mailer => ({
  async send(message) {
    await durability.settled();
    await mailer.send(message);
  },
});

/** Waits until the commits so far are on disk; a disk that refuses is a 503 the person can retry. */
export async function durableOr503(durability: Durability): Promise<void> {
  try {
    await durability.settled();
  } catch {
    throw new HttpError(503, notSavedMessage);
  }
}
