import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** Reads the embedded mail outbox (DATA_DIR/outbox/*.eml): used by the server tests and the journeys. */

export interface OutboxMail {
  file: string;
  to: string;
  subject: string;
  /** The plain-text part, quoted-printable or base64 decoded. */
  text: string;
  /** The HTML part, decoded the same way. */
  html: string;
  /** The first `#token=` link in the message, if any. */
  link?: string;
  token?: string;
}

const decodeQuotedPrintable = (s: string) =>
  Buffer.from(
    s.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))),
    'latin1',
  ).toString('utf8');

/** Decodes a MIME encoded-word subject (=?UTF-8?Q?…?=) well enough for tests. */
const decodeHeader = (s: string) =>
  s.replace(/=\?utf-8\?([QB])\?([^?]*)\?=\s*/gi, (_, kind: string, body: string) =>
    kind.toUpperCase() === 'B' ? Buffer.from(body, 'base64').toString('utf8') : decodeQuotedPrintable(body.replace(/_/g, ' ')),
  );

/** A decoded text part of a raw message; nodemailer picks base64 for mostly non-Latin text such as Arabic. */
function partOf(raw: string, type: string): string {
  const match = new RegExp(`Content-Type: ${type.replace('/', '\\/')}([^]*?)\\n\\n([^]*?)\\n--`, 'i').exec(raw);
  if (!match) return '';
  const [, headers, body] = match;
  if (/Content-Transfer-Encoding: base64/i.test(headers)) return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return /quoted-printable/i.test(raw) ? decodeQuotedPrintable(body) : body;
}

export function readOutbox(dataDir: string): OutboxMail[] {
  const dir = path.join(dataDir, 'outbox');
  let files: string[] = [];
  try {
    files = readdirSync(dir)
      .filter((f) => f.endsWith('.eml'))
      .sort();
  } catch {
    return [];
  }
  return files.map((name) => {
    const raw = readFileSync(path.join(dir, name), 'utf8');
    const header = (key: string) => {
      const m = new RegExp(`^${key}: (.*(?:\\n[ \\t].*)*)`, 'im').exec(raw);
      return m ? decodeHeader(m[1].replace(/\n[ \t]+/g, ' ')) : '';
    };
    const text = partOf(raw, 'text/plain');
    const link = /(https?:\/\/\S+#token=[A-Za-z0-9_-]+)/.exec(text)?.[1];
    return {
      file: name,
      to: header('To').replace(/^.*<|>.*$/g, ''),
      subject: header('Subject'),
      text,
      html: partOf(raw, 'text/html'),
      link,
      token: link?.split('#token=')[1],
    };
  });
}

/** The newest message to `to` (optionally whose subject contains `subject`). */
export function lastMailTo(dataDir: string, to: string, subject?: string): OutboxMail | undefined {
  return readOutbox(dataDir)
    .filter((m) => m.to.toLowerCase() === to.toLowerCase() && (!subject || m.subject.includes(subject)))
    .at(-1);
}

/** The raw messages to `to` whose subject contains `subject`, oldest first (for their attachments). */
export function rawMailsTo(dataDir: string, to: string, subject: string): string[] {
  const dir = path.join(dataDir, 'outbox');
  return readOutbox(dataDir)
    .filter((m) => m.to.toLowerCase() === to.toLowerCase() && m.subject.includes(subject))
    .map((m) => readFileSync(path.join(dir, m.file), 'utf8'));
}

/** The calendar attachment of a raw mail (base64 or quoted-printable), decoded. */
export function attachedCalendar(raw: string): string | undefined {
  const part = /Content-Type: text\/calendar[^]*?\n\n([^]*?)\n--/i.exec(raw);
  if (!part) return undefined;
  const header = /Content-Type: text\/calendar[^]*?\n\n/i.exec(raw)?.[0] ?? '';
  if (/base64/i.test(header)) return Buffer.from(part[1].replace(/\s+/g, ''), 'base64').toString('utf8');
  return decodeQuotedPrintable(part[1]);
}
