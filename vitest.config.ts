import { defineConfig } from 'vitest/config';
import { longestFirst } from './tests/longest-first';

/**
 * Four test projects: the SPA in jsdom, the server through HTTP against a real database, the page
 * weight of the production build, and the end-to-end journeys in Chromium against the real server.
 */
export default defineConfig({
  test: {
    // Each project's longest files start first, measured on a fresh clone (tests/longest-first.ts).
    sequence: {
      sequencer: longestFirst({
        spa: ['HistoryPage', 'CheckoutPage', 'AppointmentsTab', 'BlogCreatePage', 'DoctorPage', 'ShopPage', 'LoginPage', 'ChatPage'],
        server: [
          'bad-input-sweep-1',
          'bad-input-sweep-2',
          'abuse-limits',
          'checkout-race',
          'chaos',
          'access-matrix',
          'notifications',
          'checkout',
          'orders',
          'account-security',
          'response-cache',
          'checkout-truth',
          'uploads',
          'pharmacy',
        ],
        // The accessibility and phone sweeps keep the renderers busiest: spread between the others, as
        // the three at once took 64-71 s each instead of about 50 s.
        e2e: [
          'accessibility',
          'history',
          'prescriptions',
          'phone-screens',
          'phone-layout',
          'accessibility-care',
          'accounts',
          'arabic',
          'accessibility-staff',
          'doctors',
          'home-blogs',
          'shop',
          'appointment-lifecycle',
          // Short on SQLite; on PostgreSQL + Redis the chat journey takes 30 s, and the two-instance
          // journey starts two servers before its first test.
          'chat',
          'scale-out',
        ],
      }),
    },
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
          // Vitest's default is one worker per core less one, so one on this 2-core machine.
          maxWorkers: 2,
          // A worker imports React, Redux and the libraries once for all its files; src/testing/setup.ts
          // removes what each file leaves behind (its popups, chat connection and mocked modules).
          isolate: false,
          // Projects with different worker counts run one group after another in a run of all of them.
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          name: 'server',
          environment: 'node',
          globals: true,
          // tests/lint: the architecture's lint rules, run through ESLint's Node API (node environment, no browser).
          include: ['server/**/*.test.ts', 'tests/server/**/*.test.ts', 'tests/lint/**/*.test.ts', 'tests/runner/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // better-sqlite3 and pg pools are per file; forks keep native handles isolated.
          pool: 'forks',
          // A server test spends much of its time waiting for its database and password hashes, so
          // three files at once keep two cores busy.
          maxWorkers: 3,
          isolate: false,
          sequence: { groupOrder: 1 },
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
          sequence: { groupOrder: 2 },
        },
      },
      {
        test: {
          name: 'e2e',
          environment: 'node',
          globals: true,
          include: ['tests/e2e/**/*.e2e.ts'],
          globalSetup: ['tests/built-spa.ts'],
          // A failing test also prints what its pages and portals reported.
          setupFiles: ['tests/e2e/failure-report.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          pool: 'forks',
          // Each journey file has its own server, data directory, database schema and Redis prefix,
          // and its own contexts in its worker's Chromium (journeyBrowser in tests/e2e/harness.ts), so
          // several run side by side. Much of a journey is waiting (for a page to settle, a server to
          // answer): two at a time kept the two cores 75% busy and took 267 s, three 89% and 216 s, four
          // 95% and 213 s.
          maxWorkers: 3,
          // A worker loads Playwright, axe-core and the harness once for all the journey files it runs.
          isolate: false,
          sequence: { groupOrder: 3 },
        },
      },
    ],
  },
});
