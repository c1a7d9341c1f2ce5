import { availableParallelism } from 'node:os';
import { hash, verify } from '@node-rs/argon2';
import { boundedConcurrency } from './concurrency.js';

/**
 * The argon2id parameters new hashes get. `algorithm: 2` is Argon2id (the package's const enum cannot
 * be imported under isolatedModules).
 * - Everywhere the server runs: OWASP's recommendation, 19 MiB of memory, 2 iterations, 1 lane.
 * - Inside Vitest's workers (which set VITEST), and only there: argon2id's lightest cost. The server
 *   tests sign up and log in hundreds of accounts, and at about 90 ms of a core each these hashes were
 *   a third of their time; no test measures hashing itself. A stored hash names its own parameters, so
 *   verifying reads them from it either way. The journeys run the real server process with OWASP's.
 */
export function hashOptions(env: NodeJS.ProcessEnv) {
  const owasp = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;
  return env.VITEST ? { ...owasp, memoryCost: 1024, timeCost: 1 } : owasp;
}
const options = hashOptions(process.env);

/**
 * Each hash or verification takes 19 MiB and tens of milliseconds of a core: at most one per core
 * runs at once, and a few hundred wait, so a burst of logins or sign-ups cannot exhaust memory or
 * starve the other requests of the thread pool.
 */
const argon2Slot = boundedConcurrency(Math.max(1, availableParallelism()), 200, 'The server is busy signing people in. Please try again in a moment.');

export const hashPassword = (password: string) => argon2Slot(() => hash(password, options));

export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await argon2Slot(() => verify(stored, password));
  } catch (error) {
    if ((error as { statusCode?: number }).statusCode === 503) throw error;
    return false;
  }
}

/** A hash of a random password, verified against when the email is unknown so both paths take as long. */
let decoy: Promise<string> | undefined;
export const decoyHash = () => (decoy ??= hashPassword(`decoy-${Math.random()}`));
