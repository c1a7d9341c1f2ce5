import { defineConfig } from 'vitest/config';

/**
 * Four test projects: the SPA in jsdom, the server through HTTP against a real database, the page
 * weight of the production build, and the end-to-end journeys in Chromium against the real server.
 */
export default defineConfig({
  test: {
    projects: [
      {
        extends: './vite.config.ts',
        test: {
          name: 'spa',
          environment: 'jsdom',
          globals: true,
          setupFiles: ['src/testing/setup.ts'],
          include: ['src/**/*.test.{ts,tsx}'],
          // The first test of a file transforms the page's lazy chunks on demand; on a busy 2-core
          // machine that alone has taken over 5 s. Each wait inside a test still gives up after 4 s
          // (asyncUtilTimeout in src/testing/setup.ts), so a page that never shows its text still fails.
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'server',
          environment: 'node',
          globals: true,
          // tests/lint: the architecture's lint rules, run through ESLint's Node API (node environment, no browser).
          include: ['server/**/*.test.ts', 'tests/server/**/*.test.ts', 'tests/lint/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // better-sqlite3 and pg pools are per file; forks keep native handles isolated.
          pool: 'forks',
        },
      },
      {
        test: {
          // What each route loads, read from the journeys' production build (not rebuilt per check).
          name: 'bundle',
          environment: 'node',
          include: ['tests/bundle/**/*.test.ts'],
          globalSetup: ['tests/built-spa.ts'],
          hookTimeout: 180_000,
        },
      },
      {
        test: {
          name: 'e2e',
          environment: 'node',
          globals: true,
          include: ['tests/e2e/**/*.e2e.ts'],
          globalSetup: ['tests/built-spa.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          pool: 'forks',
          fileParallelism: false,
        },
      },
    ],
  },
});
