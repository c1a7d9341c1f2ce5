import { randomBytes } from 'node:crypto';
import { accessSync, chmodSync, constants, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { parseKey } from './lib/secret-box.js';

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** Only PostgreSQL is supported besides the embedded SQLite. */
function isPostgresUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'postgres:' || url.protocol === 'postgresql:') && url.hostname !== '';
  } catch {
    return false;
  }
}
/** PUBLIC_URL as an absolute address: a protocol-relative `//host:port` is taken as http. */
const absoluteUrl = (value: string) => (value.startsWith('//') ? `http:${value}` : value);

/** http://host, https://host or protocol-relative //host, each with an optional port and path. */
function isPublicUrl(value: string): boolean {
  if (!/^(https?:)?\/\//i.test(value)) return false;
  try {
    const url = new URL(absoluteUrl(value));
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** Roles two-factor sign-in can be required of (`admin` once that role exists). */
const mfaRoles = ['patient', 'doctor', 'pharmacist', 'admin'];
/**
 * Which proxies may tell the client's address through X-Forwarded-For: none (the default, so the
 * header is ignored), a hop count ("1" behind one load balancer) or a comma list of proxy
 * addresses or CIDR ranges. Trusting every sender would let anyone pick the address their failed
 * logins and sign-ups are counted against.
 */
export function parseTrustProxy(raw: string, ctx: z.RefinementCtx): false | number | string[] {
  const value = raw.trim().toLowerCase();
  if (value === 'false' || value === '0' || value === 'off') return false;
  if (/^\d+$/.test(value)) return Number(value);
  const addresses = value
    .split(',')
    .map((a) => a.trim())
    .filter(Boolean);
  const looksLikeAddress = (a: string) => /^[0-9a-f:.]+(\/\d{1,3})?$/.test(a) && (a.includes('.') || a.includes(':'));
  if (addresses.length === 0 || !addresses.every(looksLikeAddress)) {
    ctx.addIssue({ code: 'custom', message: 'TRUST_PROXY must be false, a hop count such as 1, or proxy addresses such as 10.0.0.1,10.0.1.0/24' });
    return z.NEVER;
  }
  return addresses;
}

/** Every setting the server reads, validated once at start. Defaults run the embedded portal. */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .refine(isPostgresUrl, 'must be a PostgreSQL connection string starting with postgres:// or postgresql:// (leave it empty to use SQLite)')
    .optional(),
  REDIS_URL: z.string().optional(),
  REDIS_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_.-]{1,64}$/, 'REDIS_PREFIX may hold only letters, digits, ".", "_" and "-" (at most 64)')
    .default('portal'),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  DATA_ENCRYPTION_KEY: z
    .string()
    .refine((value) => parseKey(value) !== undefined, 'DATA_ENCRYPTION_KEY must be 32 bytes, as 64 hex characters or base64')
    .optional(),
  TOKEN_TTL_HOURS: z.coerce
    .number()
    .positive()
    .default(24 * 7),
  PUBLIC_URL: z.string().refine(isPublicUrl, 'PUBLIC_URL must be an address such as https://portal.clinic.example, http://host:port or //host:port').optional(),
  SOCKET_ALLOWED_ORIGINS: z.string().optional(),
  UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(5 * 1024 * 1024),
  UPLOAD_MAX_FILES: z.coerce.number().int().positive().default(10),
  UPLOAD_QUOTA_MB_PER_ACCOUNT: z.coerce.number().positive().default(50),
  UPLOADS_IN_FLIGHT_PER_ADDRESS: z.coerce.number().int().positive().default(4),
  CLINIC_TIME_ZONE: z.string().default('Africa/Cairo').refine(isTimeZone, 'CLINIC_TIME_ZONE must be an IANA time zone such as Africa/Cairo'),
  PAYMENT_PROVIDER: z.enum(['sandbox', 'stripe']).default('sandbox'),
  STRIPE_SECRET_KEY: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOGIN_MAX_ATTEMPTS: z.coerce.number().int().positive().default(10),
  LOGIN_WINDOW_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(15 * 60),
  LOGIN_MAX_DELAY_SECONDS: z.coerce.number().min(0).max(60).default(8),
  TRUST_PROXY: z.string().default('false').transform(parseTrustProxy),
  SIGNUP_MAX_PER_HOUR: z.coerce.number().int().positive().default(10),
  GUEST_REQUESTS_MAX_PER_HOUR: z.coerce.number().int().positive().default(5),
  MAX_UPCOMING_RESERVATIONS: z.coerce.number().int().positive().default(3),
  CANCEL_CUTOFF_HOURS: z.coerce.number().min(0).max(720).default(12),
  REQUEST_TIMEOUT_SECONDS: z.coerce.number().positive().default(60),
  SEED: z.enum(['auto', 'never']).default('auto'),
  CARE_ACCESS_DAYS: z.coerce.number().int().min(0).max(3650).default(30),
  CLINIC_NAME: z.string().max(100).default('Clinic & Pharmacy Portal'),
  SMTP_URL: z
    .string()
    .refine((v) => /^smtps?:\/\//.test(v), 'SMTP_URL must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().optional(),
  JOBS_POLL_SECONDS: z.coerce.number().min(0).max(3600).default(30),
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(120_000).default(3_000),
  DB_BUSY_TIMEOUT_MS: z.coerce.number().int().min(0).max(60_000).default(2_000),
  REDIS_COMMAND_TIMEOUT_MS: z.coerce.number().int().min(50).max(60_000).default(1_000),
  REQUIRE_VERIFIED_EMAIL: z.enum(['true', 'false']).default('false'),
  MFA_REQUIRED_ROLES: z
    .string()
    .default('')
    .refine(
      (v) => v.split(',').every((r) => !r.trim() || mfaRoles.includes(r.trim().toLowerCase())),
      `MFA_REQUIRED_ROLES must be a comma separated list of: ${'patient, doctor, pharmacist, admin'}`,
    ),
});

/** The names of every environment variable the server reads. */
export const settingNames = Object.keys(envSchema.shape);

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  uploadDir: string;
  databaseUrl?: string;
  redisUrl?: string;
  /** Starts every Redis key and channel name, so several portals can share one Redis. */
  redisPrefix: string;
  /** After SIGTERM, how long the instance keeps serving (health 503, connections closed after each answer) before it stops accepting. */
  shutdownDrainMs: number;
  /** How long a statement waits out another process's lock on the SQLite file before its request answers 503. */
  dbBusyTimeoutMs: number;
  /** How long any Redis command may take before it fails (a stalled Redis never holds an answer longer). */
  redisCommandTimeoutMs: number;
  jwtSecret: string;
  /** Encrypts two-factor secrets at rest (AES-256-GCM); 32 bytes. */
  dataEncryptionKey: Buffer;
  tokenTtlSeconds: number;
  /**
   * PUBLIC_URL without its trailing slash: https://…, http://… or protocol-relative //…. Links in
   * mails start with linkBase(config); image and file addresses in answers with publicAddress (storage/images.ts).
   */
  publicUrl?: string;
  /** Extra browser origins allowed to open chat sockets (comma separated). */
  socketAllowedOrigins?: string;
  uploadMaxBytes: number;
  uploadMaxFiles: number;
  /** The most bytes of uploads one account may keep stored. */
  uploadQuotaBytes: number;
  /** How many forms one address may be sending at once (each streamed form holds a place while it is read). */
  uploadsInFlightPerAddress: number;
  clinicTimeZone: string;
  paymentProvider: 'sandbox' | 'stripe';
  stripeSecretKey?: string;
  logLevel: string;
  loginMaxAttempts: number;
  loginWindowSeconds: number;
  /** The longest a failed login makes the next attempt for the same account or address wait. */
  loginMaxDelaySeconds: number;
  trustProxy: false | number | string[];
  signupMaxPerHour: number;
  /** Appointment requests one address may send per hour without an account. */
  guestRequestsMaxPerHour: number;
  maxUpcomingReservations: number;
  /** A patient may cancel or move a reservation until this many hours before it. */
  cancelCutoffHours: number;
  requestTimeoutSeconds: number;
  seed: 'auto' | 'never';
  /** Days after an appointment during which the doctor may still read the patient's history. */
  careAccessDays: number;
  version: string;
  /** Shown in emails and as the issuer in authenticator apps. */
  clinicName: string;
  /** Send mail through this SMTP server; when absent, mail is written to DATA_DIR/outbox as .eml files. */
  smtpUrl?: string;
  mailFrom: string;
  /** Booking, buying and chatting wait until the account's email is verified. */
  requireVerifiedEmail: boolean;
  /** Roles that must turn on two-factor sign-in before they can act. */
  mfaRequiredRoles: string[];
  /** How often this instance looks for due reminders; 0 turns its poller off. */
  jobsPollSeconds: number;
};

/**
 * The absolute address links in mails, notifications and calendar events start with: PUBLIC_URL
 * (a protocol-relative one taken as http, since a mail has no page to take its scheme from), or
 * http://localhost:PORT without one. Never the request's Host header, which an attacker chooses.
 */
export const linkBase = (config: Pick<Config, 'publicUrl' | 'port'>): string =>
  config.publicUrl ? absoluteUrl(config.publicUrl) : `http://localhost:${config.port}`;

/** The host of PUBLIC_URL for the default sender address; `localhost` without one. */
function hostnameOf(url: string | undefined): string {
  try {
    return url ? new URL(absoluteUrl(url)).hostname || 'localhost' : 'localhost';
  } catch {
    return 'localhost';
  }
}

/** A secret made on first start and kept in the data directory, so tokens survive restarts. */
function persistentSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** Like the token secret: a key made on first start and kept in the data directory. */
function persistentKey(dataDir: string): Buffer {
  const file = path.join(dataDir, 'data-encryption-key');
  if (existsSync(file)) {
    const key = parseKey(readFileSync(file, 'utf8'));
    if (!key) throw new Error(`Invalid configuration: ${file} does not hold a 32-byte key`);
    return key;
  }
  const key = randomBytes(32);
  writeFileSync(file, key.toString('base64'), { mode: 0o600 });
  return key;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  // An empty value means "not set", as in .env.example copied unchanged to .env.
  const given = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value.trim() !== ''));
  const parsed = envSchema.safeParse(given);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(overrides.dataDir ?? e.DATA_DIR);
  const uploadDir = path.join(dataDir, 'uploads');
  try {
    // Accounts, medical histories and uploads: readable by the server's own user only.
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    mkdirSync(uploadDir, { recursive: true, mode: 0o700 });
    chmodSync(uploadDir, 0o700);
    accessSync(dataDir, constants.W_OK);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(
      `DATA_DIR (${dataDir}) cannot be used: ${reason}. It must be a folder this process can create and write: the SQLite database, uploads, the mail outbox and the generated secrets live there.`,
    );
  }
  if (e.PAYMENT_PROVIDER === 'stripe' && !e.STRIPE_SECRET_KEY) {
    throw new Error('Invalid configuration: PAYMENT_PROVIDER=stripe needs STRIPE_SECRET_KEY');
  }
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    uploadDir,
    databaseUrl: e.DATABASE_URL || undefined,
    redisUrl: e.REDIS_URL || undefined,
    redisPrefix: e.REDIS_PREFIX,
    redisCommandTimeoutMs: e.REDIS_COMMAND_TIMEOUT_MS,
    dbBusyTimeoutMs: e.DB_BUSY_TIMEOUT_MS,
    shutdownDrainMs: e.SHUTDOWN_DRAIN_MS,
    jwtSecret: e.JWT_SECRET ?? persistentSecret(dataDir),
    dataEncryptionKey: (e.DATA_ENCRYPTION_KEY ? parseKey(e.DATA_ENCRYPTION_KEY) : undefined) ?? persistentKey(dataDir),
    tokenTtlSeconds: Math.round(e.TOKEN_TTL_HOURS * 3600),
    publicUrl: e.PUBLIC_URL?.replace(/\/+$/, '') || undefined,
    socketAllowedOrigins: e.SOCKET_ALLOWED_ORIGINS || undefined,
    uploadMaxBytes: e.UPLOAD_MAX_BYTES,
    uploadMaxFiles: e.UPLOAD_MAX_FILES,
    uploadQuotaBytes: Math.round(e.UPLOAD_QUOTA_MB_PER_ACCOUNT * 1024 * 1024),
    uploadsInFlightPerAddress: e.UPLOADS_IN_FLIGHT_PER_ADDRESS,
    clinicTimeZone: e.CLINIC_TIME_ZONE,
    paymentProvider: e.PAYMENT_PROVIDER,
    stripeSecretKey: e.STRIPE_SECRET_KEY,
    logLevel: e.LOG_LEVEL,
    loginMaxAttempts: e.LOGIN_MAX_ATTEMPTS,
    loginWindowSeconds: e.LOGIN_WINDOW_SECONDS,
    loginMaxDelaySeconds: e.LOGIN_MAX_DELAY_SECONDS,
    trustProxy: e.TRUST_PROXY,
    signupMaxPerHour: e.SIGNUP_MAX_PER_HOUR,
    guestRequestsMaxPerHour: e.GUEST_REQUESTS_MAX_PER_HOUR,
    maxUpcomingReservations: e.MAX_UPCOMING_RESERVATIONS,
    cancelCutoffHours: e.CANCEL_CUTOFF_HOURS,
    requestTimeoutSeconds: e.REQUEST_TIMEOUT_SECONDS,
    seed: e.SEED,
    careAccessDays: e.CARE_ACCESS_DAYS,
    clinicName: e.CLINIC_NAME,
    smtpUrl: e.SMTP_URL || undefined,
    mailFrom: e.MAIL_FROM ?? `"${e.CLINIC_NAME.replace(/["\\]/g, '')}" <no-reply@${hostnameOf(e.PUBLIC_URL)}>`,
    requireVerifiedEmail: e.REQUIRE_VERIFIED_EMAIL === 'true',
    mfaRequiredRoles: e.MFA_REQUIRED_ROLES.split(',')
      .map((r) => r.trim().toLowerCase())
      .filter(Boolean),
    jobsPollSeconds: e.JOBS_POLL_SECONDS,
    version: process.env.npm_package_version ?? '1.0.0',
    ...overrides,
  };
}
