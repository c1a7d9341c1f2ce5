import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseEnv } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.js';
import { linkBase, loadConfig, settingNames } from '../../server/config.js';
import { migrateToLatest, openDatabase } from '../../server/db/index.js';
import { seedIfEmpty } from '../../server/db/seed/index.js';
import { signUpAndLogin } from './helpers.js';
import { listProduct } from './shop-helpers.js';
import { originChecker } from '../../server/realtime/origin.js';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-config-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('configuration', () => {
  it('starts with .env.example copied unchanged: empty values mean "not set"', () => {
    const example = parseEnv(readFileSync(path.resolve('.env.example'), 'utf8'));
    const config = loadConfig({ ...example, DATA_DIR: dataDir });
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.redisUrl).toBeUndefined();
    expect(config.redisPrefix).toBe('portal');
    expect(config.jwtSecret.length).toBeGreaterThanOrEqual(32);
    // The generated secret is kept, so tokens survive a restart.
    expect(loadConfig({ DATA_DIR: dataDir }).jwtSecret).toBe(config.jwtSecret);
  });

  it('documents every variable it reads in .env.example', () => {
    const example = parseEnv(readFileSync(path.resolve('.env.example'), 'utf8'));
    expect(settingNames.length).toBeGreaterThan(15);
    for (const name of settingNames) expect(Object.keys(example)).toContain(name);
  });

  it('refuses settings that cannot work, naming them', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir, REDIS_PREFIX: 'two words' })).toThrow(/REDIS_PREFIX/);
    expect(() => loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 'short' })).toThrow(/JWT_SECRET/);
    expect(() => loadConfig({ DATA_DIR: dataDir, PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATA_DIR: dataDir, CLINIC_TIME_ZONE: 'Mars/Olympus' })).toThrow(/CLINIC_TIME_ZONE/);
    expect(() => loadConfig({ DATA_DIR: dataDir, PAYMENT_PROVIDER: 'stripe' })).toThrow(/STRIPE_SECRET_KEY/);
  });

  it('refuses a DATABASE_URL that is not PostgreSQL, naming the variable and what is expected', () => {
    for (const url of ['mysql://x', 'x', 'sqlite:./data.db', 'postgres://']) {
      expect(() => loadConfig({ DATA_DIR: dataDir, DATABASE_URL: url })).toThrow(/DATABASE_URL.*postgres:\/\/ or postgresql:\/\//);
    }
    expect(loadConfig({ DATA_DIR: dataDir, DATABASE_URL: 'postgresql://portal:secret@db.internal:5432/portal' }).databaseUrl).toMatch(/^postgresql:/);
  });

  it('takes PUBLIC_URL as https://, http:// or protocol-relative //host:port, and links in mails are absolute', () => {
    const withUrl = (url: string) => loadConfig({ DATA_DIR: dataDir, PORT: '8088', PUBLIC_URL: url });
    expect(withUrl('//127.0.0.1:8088').publicUrl).toBe('//127.0.0.1:8088');
    expect(linkBase(withUrl('//127.0.0.1:8088/'))).toBe('http://127.0.0.1:8088');
    expect(linkBase(withUrl('https://portal.clinic.example/'))).toBe('https://portal.clinic.example');
    expect(linkBase(withUrl('http://clinic.test:8088'))).toBe('http://clinic.test:8088');
    expect(linkBase(loadConfig({ DATA_DIR: dataDir, PORT: '8088' }))).toBe('http://localhost:8088');
    expect(withUrl('//127.0.0.1:8088').mailFrom).toContain('@127.0.0.1>');
    for (const url of ['portal.clinic.example', 'ftp://portal.clinic.example', '//', 'https://']) {
      expect(() => withUrl(url)).toThrow(/PUBLIC_URL/);
    }
  });

  it('admits chat sockets from the host of a protocol-relative PUBLIC_URL under either scheme', () => {
    const allowed = originChecker('//clinic.test:8088', undefined);
    const from = (origin: string) => allowed({ headers: { origin, host: 'elsewhere:3000' } } as never);
    expect(from('http://clinic.test:8088')).toBe(true);
    expect(from('https://clinic.test:8088')).toBe(true);
    expect(from('https://evil.example')).toBe(false);
  });
});

describe('files on disk', () => {
  it('keeps the data private to the server: the data directory and uploads 0700, the database, its WAL and every upload 0600', async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'portal-modes-'));
    const config = loadConfig({
      DATA_DIR: path.join(root, 'data'),
      DATABASE_URL: '',
      LOG_LEVEL: 'silent',
      JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789',
    });
    const database = openDatabase(config);
    try {
      await migrateToLatest(database.db);
      await seedIfEmpty(database.db, config);
      const app = await buildApp({ config, database, logger: false });
      await app.ready();
      const pharmacist = await signUpAndLogin(app, 'pharmacist');
      const product = await listProduct(app, pharmacist.token, { name: 'Private Picture' });
      await app.close();
      const mode = (file: string) => (statSync(file).mode & 0o777).toString(8);
      expect(mode(config.dataDir)).toBe('700');
      expect(mode(config.uploadDir)).toBe('700');
      for (const file of ['portal.sqlite', 'portal.sqlite-wal', 'portal.sqlite-shm']) expect(mode(path.join(config.dataDir, file)), file).toBe('600');
      const uploads = readdirSync(config.uploadDir);
      expect(uploads.length).toBeGreaterThan(1);
      for (const file of uploads) expect(mode(path.join(config.uploadDir, file)), file).toBe('600');
      expect(product.slug).toBeTruthy();
    } finally {
      await database.db.destroy();
      rmSync(root, { recursive: true, force: true });
    }
  });
});
