import type { FastifyBaseLogger } from 'fastify';
import type { DB } from '../db/index.js';
import { newId } from '../lib/ids.js';
import type { SecretBox } from '../lib/secret-box.js';
import type { MailMessage, Mailer } from './mailer.js';

/**
 * Every message is queued in the database first and handed to the mail server (or the embedded
 * outbox) right after; one that could not be handed over stays queued and is tried again by the
 * scheduler of any instance (claimed with a conditional update, so it goes out once), with growing
 * pauses, for a day. So nothing a person is told depends on what the mail server does: an answer
 * never waits on it (with SMTP_URL), never fails because of it, and is the same whether or not a
 * message was queued. The embedded outbox is written before the answer (a local file is the
 * delivery there, and tests and developers read it at once).
 */
export interface QueuedMailer extends Mailer {
  /** Tries the messages whose pause is over; resolves with how many were handed over. */
  retryDue(): Promise<number>;
  /** True while a message about `about` waits in the queue (it has not reached the person). */
  isWaiting(about: string): Promise<boolean>;
  /** Drops the waiting messages about `about` (a newer one replaces them). */
  drop(about: string): Promise<void>;
}

const claimMs = 2 * 60_000;
const giveUpAfterMs = 24 * 3_600_000;
const batch = 20;
/** 30 s after the first failure, doubling, at most 15 minutes apart. */
const pauseAfter = (attempts: number) => Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 15 * 60_000);

export function queuedMailer(options: {
  db: DB;
  box: SecretBox;
  /** Hands one message over; rejects when it could not. */
  transport: Mailer;
  log: FastifyBaseLogger;
  /** True with a mail server: the answer does not wait for the first try. */
  deferFirstTry: boolean;
}): QueuedMailer {
  const { db, box, transport, log } = options;
  const iso = (ms: number) => new Date(ms).toISOString();

  /** One try at one queued message, if no other instance is trying it. True when it was handed over. */
  async function attempt(id: string): Promise<boolean> {
    const now = Date.now();
    const claimed = await db
      .updateTable('mail_queue')
      .set((eb) => ({ claimed_until: iso(now + claimMs), attempts: eb('attempts', '+', 1) }))
      .where('id', '=', id)
      .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', iso(now))]))
      .executeTakeFirst();
    if (!Number(claimed.numUpdatedRows)) return false;
    const row = await db.selectFrom('mail_queue').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) return false;
    try {
      await transport.send(JSON.parse(box.open(row.message)) as MailMessage);
      await db.deleteFrom('mail_queue').where('id', '=', id).execute();
      return true;
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      if (Date.parse(row.created_at) < now - giveUpAfterMs) {
        log.error({ err: error, mail: id, attempts: row.attempts }, 'mail given up after a day of failed tries');
        await db.deleteFrom('mail_queue').where('id', '=', id).execute();
      } else {
        log.warn({ err: error, mail: id, attempts: row.attempts }, 'mail not handed over; it stays queued and is tried again');
        await db
          .updateTable('mail_queue')
          .set({ claimed_until: null, next_attempt_at: iso(Date.now() + pauseAfter(row.attempts)), last_error: reason.slice(0, 500) })
          .where('id', '=', id)
          .execute();
      }
      return false;
    }
  }

  /** A failed try is already recorded; only a database error reaches here, and the queue keeps the message. */
  const quietly = (id: string) =>
    attempt(id).catch((error: unknown) => {
      log.warn({ err: error, mail: id }, 'mail could not be tried now; it stays queued');
      return false;
    });

  return {
    async send(message) {
      const id = newId();
      const now = iso(Date.now());
      await db
        .insertInto('mail_queue')
        .values({
          id,
          about: message.about ?? '',
          message: box.seal(JSON.stringify(message)),
          next_attempt_at: now,
          created_at: now,
          attempts: 0,
          claimed_until: null,
          last_error: '',
        })
        .execute();
      const tried = quietly(id);
      if (!options.deferFirstTry) await tried;
    },
    async retryDue() {
      const now = iso(Date.now());
      const due = await db
        .selectFrom('mail_queue')
        .select('id')
        .where('next_attempt_at', '<=', now)
        .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', now)]))
        .orderBy('next_attempt_at')
        .limit(batch)
        .execute();
      let sent = 0;
      for (const { id } of due) if (await quietly(id)) sent += 1;
      return sent;
    },
    async isWaiting(about) {
      return Boolean(await db.selectFrom('mail_queue').select('id').where('about', '=', about).executeTakeFirst());
    },
    async drop(about) {
      await db.deleteFrom('mail_queue').where('about', '=', about).execute();
    },
  };
}
