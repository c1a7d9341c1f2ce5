import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedIfEmpty } from '../../server/db/seed/index.js';
import { demoAccounts } from '../../server/db/seed/people.js';
import { multipart, startTestServer, type TestServer } from './helpers.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ seed: true });
});
afterAll(async () => {
  await server?.close();
});

describe('demo seed', () => {
  it('fills the clinic once and does nothing the second time', async () => {
    const count = async (table: 'users' | 'products' | 'appointments' | 'blogs') =>
      Number(
        (
          await server.database.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = { users: await count('users'), products: await count('products'), slots: await count('appointments'), blogs: await count('blogs') };
    expect(before.products).toBeGreaterThanOrEqual(40);
    expect(before.users).toBeGreaterThanOrEqual(24 + 3 + 1);
    expect(before.slots).toBeGreaterThan(100);
    expect(before.blogs).toBeGreaterThanOrEqual(3);
    expect(await seedIfEmpty(server.database.db, server.config)).toBe(false);
    expect(await count('users')).toBe(before.users);
  });

  it('lets every demo account log in, the patient with the id the existing client hard-codes', async () => {
    for (const [role, account] of Object.entries(demoAccounts)) {
      const res = await server.app.inject({ method: 'POST', url: '/api/auth/login', ...multipart({ email: account.email, password: account.password }) });
      expect(res.statusCode, role).toBe(200);
      expect(res.json().role).toBe(role);
    }
    const patient = await server.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      ...multipart({ email: demoAccounts.patient.email, password: demoAccounts.patient.password }),
    });
    expect(patient.json().user._id).toBe('6078afb1fb33703fe4a1414a');
  });
});
