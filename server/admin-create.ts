import { existsSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { loadConfig } from './config.js';
import { migrateToLatest, openDatabase } from './db/index.js';
import { emptyProfile } from './db/empty-profile.js';
import { newId } from './lib/ids.js';
import { hashPassword } from './lib/passwords.js';
import { applyRule, emailRule, nameRule, passwordRule } from './lib/form-schema.js';

/**
 * `npm run admin:create -- --email x --name "y"`: makes an administrator on a real deployment
 * (sign-up never does). The password is asked for without echo on a terminal, or read from the
 * first line of stdin (`printf '%s\n' "$PW" | npm run admin:create -- …`), never from the command
 * line where the shell history and process list would keep it.
 */

async function readPassword(): Promise<string> {
  if (!process.stdin.isTTY) {
    const rl = createInterface({ input: process.stdin });
    for await (const line of rl) return line;
    return '';
  }
  process.stdout.write('Password for the new administrator: ');
  const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
  // Keep the typed characters off the screen.
  (rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput = () => undefined;
  const answer = await new Promise<string>((resolve) => rl.question('', resolve));
  rl.close();
  process.stdout.write('\n');
  return answer;
}

async function main() {
  const { values } = parseArgs({ options: { email: { type: 'string' }, name: { type: 'string' } } });
  if (!values.email || !values.name) throw new Error('Usage: npm run admin:create -- --email admin@example.com --name "Full Name"');
  if (existsSync('.env')) process.loadEnvFile('.env');
  const email = applyRule(emailRule, values.email.trim());
  const name = applyRule(nameRule, values.name);
  const password = applyRule(passwordRule, await readPassword());
  const config = loadConfig();
  const { db } = openDatabase(config);
  try {
    await migrateToLatest(db);
    if (await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst()) {
      throw new Error(`An account with the email ${email} already exists`);
    }
    const now = new Date().toISOString();
    const username = `admin.${newId().slice(-8)}`;
    await db
      .insertInto('users')
      .values({
        id: newId(),
        role: 'admin',
        status: 'approved',
        name,
        username,
        email,
        password_hash: await hashPassword(password),
        ...emptyProfile(),
        created_at: now,
        updated_at: now,
      })
      .execute();
    console.log(`Administrator ${name} <${email}> created; sign in at /login and open /admin.`);
  } finally {
    await db.destroy();
  }
}

main().catch((error: unknown) => {
  const message = error instanceof Error ? error.message : String(error);
  console.error(message);
  process.exitCode = 1;
});
