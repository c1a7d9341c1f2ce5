import { randomBytes } from 'node:crypto';
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '../config.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The link the message is about; in embedded mode the log names its page, never its token (that stays in the file). */
  link?: string;
  /** What the message is about (`verify_email:<user id>`), so a newer one can replace it while it waits in the queue. */
  about?: string;
  /** Files sent with the message, such as an appointment's calendar file. */
  attachments?: { filename: string; content: string; contentType: string }[];
}

export interface Mailer {
  /** Sends (or writes) one message; rejects when it could not be handed over. */
  send(message: MailMessage): Promise<void>;
}

/** A link without its query and fragment, where tokens ride: what a log may show of it. */
const withoutSecret = (link: string) => link.split(/[?#]/, 1)[0] ?? '';

/** Raised when mail could not be handed over; the queue (mail/queue.ts) keeps the message and tries again. */
export class MailUnavailableError extends Error {}

/**
 * One mailer for the whole server, on nodemailer. With SMTP_URL it sends through that server;
 * without it (the embedded default) each message is written as an .eml file under
 * DATA_DIR/outbox (0700, each file 0600) and its file and the page it links to are logged, never a token.
 */
export function createMailer(config: Config, log: FastifyBaseLogger): Mailer {
  const envelope = (message: MailMessage) => ({
    from: config.mailFrom,
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html,
    attachments: message.attachments,
  });
  if (config.smtpUrl) {
    const transport: Transporter = nodemailer.createTransport({
      url: config.smtpUrl,
      // A slow or dead mail server fails within seconds, not the default minutes.
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    });
    return {
      async send(message) {
        try {
          await transport.sendMail(envelope(message));
        } catch (error) {
          log.error({ err: error, to: message.to, subject: message.subject }, 'mail could not be sent');
          throw new MailUnavailableError('mail could not be sent');
        }
      },
    };
  }

  const outbox = path.join(config.dataDir, 'outbox');
  mkdirSync(outbox, { recursive: true, mode: 0o700 });
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      try {
        const info = await transport.sendMail(envelope(message));
        const file = path.join(outbox, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`);
        // Written aside and renamed into place, so a full disk never leaves a cut or empty message.
        const partial = `${file}.part`;
        try {
          writeFileSync(partial, info.message as Buffer, { mode: 0o600 });
          renameSync(partial, file);
        } catch (error) {
          rmSync(partial, { force: true });
          throw error;
        }
        // The link's secret (after # or ?) stays in the file: a log is read by more people, and kept longer.
        const page = message.link ? withoutSecret(message.link) : '';
        log.info(
          { file, to: message.to },
          `Mail "${message.subject}" to ${message.to} written to ${file}${page ? `; it links to ${page} (open the file for the link)` : ''}`,
        );
      } catch (error) {
        log.error({ err: error, to: message.to }, 'mail could not be written to the outbox');
        throw new MailUnavailableError('mail could not be written');
      }
    },
  };
}
