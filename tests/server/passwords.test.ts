import { describe, expect, it } from 'vitest';
import { hashOptions, hashPassword, verifyPassword } from '../../server/lib/passwords.js';

describe('password hashing', () => {
  it("uses OWASP's argon2id parameters wherever the server runs outside Vitest", () => {
    expect(hashOptions({})).toEqual({ algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 });
    expect(hashOptions({ NODE_ENV: 'production' })).toEqual({ algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 });
  });

  it('verifies a hash by the parameters it names, so hashes made with either cost verify', async () => {
    const { hash } = await import('@node-rs/argon2');
    const owasp = await hash('Patient#2026', hashOptions({}));
    expect(owasp).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(owasp, 'Patient#2026')).toBe(true);
    expect(await verifyPassword(owasp, 'patient#2026')).toBe(false);
    const light = await hashPassword('Patient#2026');
    expect(light).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(light, 'Patient#2026')).toBe(true);
    expect(await verifyPassword(light, 'Patient#2025')).toBe(false);
  });
});
