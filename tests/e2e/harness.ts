import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import axe from 'axe-core';
import Sqlite from 'better-sqlite3';
import pg from 'pg';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { expect } from 'vitest';
import { journeyChromePath, quietChromiumArgs } from '../../scripts/chromium.mjs';
import { freshDatabase } from '../../scripts/fresh-database.mjs';
import { serverEntry } from '../../scripts/server-build.mjs';
import { lastMailTo, type OutboxMail } from '../server/outbox';

/**
 * The end-to-end harness: the real server (the bundle `npm start` runs, scripts/server-build.mjs) on
 * a free port with a temporary data directory (and a fresh PostgreSQL database when DATABASE_URL is set), driven by
 * Debian's Chromium through playwright-core.
 */

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** A fresh PostgreSQL database when DATABASE_URL is set. */
async function freshPostgresUrl(): Promise<{ url: string; drop: () => Promise<void> } | null> {
  const base = process.env.DATABASE_URL;
  return base ? freshDatabase(base, 'e2e') : null;
}

export interface Portal {
  url: string;
  port: number;
  dataDir: string;
  databaseUrl?: string;
  /** Graceful stop (SIGTERM). */
  stop(): Promise<void>;
  /** Abrupt stop (SIGKILL), as a crash would. */
  kill(): Promise<void>;
  /** Starts the server again on the same port, data directory and database. */
  restart(): Promise<void>;
  /** Removes the data directory and the database. */
  dispose(): Promise<void>;
  logs(): string;
}

export interface PortalOptions {
  env?: Record<string, string>;
  seed?: boolean;
  /** Share a database and data directory with another portal (several instances). */
  shareWith?: Portal;
}

/**
 * What a failing journey test reports beside its own error (tests/e2e/failure-report.ts): the log of
 * each portal running in this worker, and what the test's pages reported: uncaught errors (a popup
 * whose code failed to load leaves nothing else behind) and requests that failed.
 */
export const journeyTrace = { portals: new Set<Portal>(), events: [] as string[] };

function traceEvent(line: string) {
  if (journeyTrace.events.length < 200) journeyTrace.events.push(`${new Date().toISOString().slice(11, 23)} ${line}`);
}

export async function startPortal(options: PortalOptions = {}): Promise<Portal> {
  const shared = options.shareWith;
  const dataDir = shared?.dataDir ?? mkdtempSync(path.join(os.tmpdir(), 'portal-e2e-'));
  const pgDb = shared ? null : await freshPostgresUrl();
  const databaseUrl = shared?.databaseUrl ?? pgDb?.url;
  const port = await freePort();
  let child: ChildProcess | null = null;
  let output = '';

  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SPA_DIR: process.env.SPA_DIR ?? path.resolve('.tmp/dist-e2e'),
    LOG_LEVEL: 'warn',
    SEED: options.seed === false ? 'never' : 'auto',
    DATABASE_URL: databaseUrl ?? '',
    // Journeys create many accounts from one address; the sign-up limit has its own server test.
    SIGNUP_MAX_PER_HOUR: '100000',
    GUEST_REQUESTS_MAX_PER_HOUR: '100000',
    // Journeys run side by side on one Redis: a portal's instances share keys and channels, no other portal does.
    // Tests stop portals all the time and no balancer needs the drain; the shutdown test sets its own.
    SHUTDOWN_DRAIN_MS: '0',
    REDIS_PREFIX: `e2e-${path.basename(dataDir)}`,
    ...options.env,
  };
  // The portal runs as it does in production, not as a process inside Vitest (which hashes passwords
  // at the lightest cost, server/lib/passwords.ts).
  for (const name of Object.keys(env)) if (name.startsWith('VITEST')) delete env[name];

  async function launch() {
    output = '';
    child = spawn(process.execPath, [serverEntry], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout?.on('data', (d) => (output += d));
    child.stderr?.on('data', (d) => (output += d));
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
      try {
        const res = await fetch(`http://127.0.0.1:${port}/api/health`);
        if (res.ok) return;
      } catch {
        /* not listening yet */
      }
      if (Date.now() > deadline) throw new Error(`server did not become ready:\n${output}`);
      await new Promise((r) => setTimeout(r, 150));
    }
  }

  const exited = () =>
    new Promise<void>((resolve) => {
      if (!child || child.exitCode !== null || child.signalCode) return resolve();
      child.once('exit', () => resolve());
    });

  await launch();
  const portal: Portal = {
    url: `http://127.0.0.1:${port}`,
    port,
    dataDir,
    databaseUrl,
    async stop() {
      child?.kill('SIGTERM');
      await exited();
    },
    async kill() {
      child?.kill('SIGKILL');
      await exited();
    },
    restart: launch,
    async dispose() {
      journeyTrace.portals.delete(portal);
      if (child && child.exitCode === null && !child.signalCode) {
        child.kill('SIGTERM');
        await exited();
      }
      if (!shared) {
        await pgDb?.drop();
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
    logs: () => output,
  };
  journeyTrace.portals.add(portal);
  return portal;
}

/**
 * A journey's share of the Chromium its worker runs: contexts of its own (their own storage, cookies
 * and cache, as apart as separate browsers), all closed by `close()`, which leaves the browser running
 * for the worker's next journey file.
 */
export interface JourneyBrowser {
  newContext(options?: BrowserContextOptions): Promise<BrowserContext>;
  /** As Browser.newPage: a page in a context of its own, which closes with the page. */
  newPage(options?: BrowserContextOptions): Promise<Page>;
  close(): Promise<void>;
}

/** What most journeys share: one portal on its own database and one browser, each page in a context of its own. */
export interface Journey {
  portal: Portal;
  browser: JourneyBrowser;
}

/** Starts a journey file's portal and browser (in its beforeAll). */
export async function openJourney(options: PortalOptions = {}): Promise<Journey> {
  const portal = await startPortal(options);
  return { portal, browser: await journeyBrowser() };
}

/** Stops what openJourney started, whatever of it did start (in its afterAll). */
export async function closeJourney({ browser, portal }: Partial<Journey>): Promise<void> {
  await browser?.close();
  await portal?.dispose();
}

/**
 * One Chromium per journey worker, started by the worker's first journey and driven from inside the
 * worker: a Playwright browser server shared by all workers relayed every call through one more
 * process, and the same calls (page loads, evaluations, locators) took about twice the CPU that way.
 * Playwright stops the browser when the worker exits.
 */
let chromiumOfWorker: Promise<Browser> | undefined;

export async function journeyBrowser(): Promise<JourneyBrowser> {
  const browser = await (chromiumOfWorker ??= chromium.launch({ executablePath: journeyChromePath, headless: true, args: quietChromiumArgs }));
  const own = new Set<BrowserContext>();
  const newContext = async (options?: BrowserContextOptions) => {
    const context = await browser.newContext(options);
    context.on('weberror', (error) => traceEvent(`page error: ${error.error().message}`));
    context.on('requestfailed', (request) => traceEvent(`request failed: ${request.method()} ${request.url()} (${request.failure()?.errorText})`));
    own.add(context);
    context.on('close', () => own.delete(context));
    return context;
  };
  return {
    newContext,
    async newPage(options) {
      const context = await newContext(options);
      const page = await context.newPage();
      page.on('close', () => void context.close());
      return page;
    },
    async close() {
      await Promise.all([...own].map((context) => context.close()));
    },
  };
}

export async function newContext(browser: JourneyBrowser, width = 1280, height = 900): Promise<BrowserContext> {
  return browser.newContext({ viewport: { width, height } });
}

/** The phone the layout journeys use. */
export const phone = { width: 390, height: 844 };

/**
 * A context already signed in as `account` (logged in through the API, the session put in local
 * storage where the SPA reads it at startup) and, with `language`, already in that language: no
 * login page to go through. Without an account it is a guest's.
 */
export async function signedInContext(
  browser: JourneyBrowser,
  portal: Portal,
  account: { email: string; password: string } | null,
  { language, viewport = { width: 1280, height: 900 } }: { language?: 'en' | 'ar'; viewport?: { width: number; height: number } } = {},
): Promise<BrowserContext> {
  const localStorage: Array<{ name: string; value: string }> = [];
  if (language) localStorage.push({ name: 'language', value: language });
  if (account) {
    const { token, user, role } = await apiLogin(portal, account.email, account.password);
    localStorage.push(
      { name: 'access-token', value: token },
      { name: 'user', value: JSON.stringify(user) },
      { name: 'role', value: role },
      { name: 'm_ph_uu', value: String(user._id) },
    );
  }
  return browser.newContext({ viewport, storageState: { cookies: [], origins: [{ origin: portal.url, localStorage }] } });
}

/** Calls the API the way the SPA does: multipart bodies, the raw token in Authorization. */
export async function api(portal: Portal, method: string, endpoint: string, fields?: Record<string, string | Blob>, token?: string) {
  let body: FormData | undefined;
  if (fields) {
    body = new FormData();
    for (const [k, v] of Object.entries(fields)) body.append(k, v);
  }
  const res = await fetch(`${portal.url}/api/${endpoint}`, { method, body, headers: token ? { authorization: token } : {} });
  const json = await res.json().catch(() => ({}));
  return { status: res.status, body: json as any };
}

export const demo = {
  patient: { email: 'patient@clinic.test', password: 'Patient#2026', id: '6078afb1fb33703fe4a1414a' },
  doctor: { email: 'doctor@clinic.test', password: 'Doctor#2026', name: 'Dr. Ahmed Hassan' },
  pharmacist: { email: 'pharmacist@clinic.test', password: 'Pharmacist#2026' },
  admin: { email: 'admin@clinic.test', password: 'Admin#2026' },
};

/**
 * Registers an account through the API and returns its credentials. Doctors and pharmacists sign
 * up pending; the seeded administrator approves them through the API unless `pending: true`
 * (a portal started with `seed: false` has no administrator: pass `pending: true` there).
 */
export async function registerAccount(
  portal: Portal,
  role: 'patient' | 'doctor' | 'pharmacist',
  overrides: Record<string, string> = {},
  options: { pending?: boolean } = {},
) {
  const unique = Math.random().toString(36).slice(2, 8);
  const fields: Record<string, string> = {
    name: role === 'doctor' ? `Dr. Journey ${unique}` : `Journey ${role} ${unique}`,
    username: `${role}_${unique}`,
    email: `${role}.${unique}@example.test`,
    password: 'journey-password-1',
    phone: '01001234567',
    country: 'Egypt',
    government: 'Cairo',
    gender: 'female',
    ...(role === 'doctor' ? { specialization: 'Cardiology', location: '1 Nile St', officeNumber: '12', licenseNumber: `EMS-${unique}` } : {}),
    ...(role === 'pharmacist'
      ? { pharmacyName: `Journey Pharmacy ${unique}`, location: '2 Nile St', licenseNumber: `EPS-${unique}`, pharmacyLicenseNumber: `PH-${unique}` }
      : {}),
    ...(role === 'patient' ? { blood_type: '+O', height: '170', weight: '70' } : {}),
    ...overrides,
  };
  // A professional's licence document, which an administrator needs before approving her.
  const licenceDocument = new Blob([Buffer.from('%PDF-1.4\n%%EOF\n')], { type: 'application/pdf' });
  const res = await api(portal, 'POST', `${role}/auth/signup`, role === 'patient' ? fields : { licenseDocument: licenceDocument, ...fields });
  if (res.status !== 200) throw new Error(`signup failed: ${JSON.stringify(res.body)}`);
  const id = res.body.user._id as string;
  if (role !== 'patient' && !options.pending) {
    const admin = await api(portal, 'POST', 'auth/login', { email: demo.admin.email, password: demo.admin.password });
    if (admin.status !== 200) throw new Error(`the seeded administrator could not log in to approve ${role}: ${JSON.stringify(admin.body)}`);
    const approved = await api(portal, 'POST', `admin/professionals/${id}/approve`, {}, admin.body.token);
    if (approved.status !== 200) throw new Error(`approval failed: ${JSON.stringify(approved.body)}`);
  }
  return { ...fields, id };
}

/** Logs in through the API and returns the token and user. */
export async function apiLogin(portal: Portal, email: string, password: string) {
  const res = await api(portal, 'POST', 'auth/login', { email, password });
  if (res.status !== 200) throw new Error(`login failed: ${JSON.stringify(res.body)}`);
  return { token: res.body.user.tokens[0].token as string, user: res.body.user, role: res.body.role as string };
}

/** Logs in through the login page, pressing Enter as a person would, and waits for the home page. */
export async function loginThroughUi(page: Page, portal: Portal, email: string, password: string) {
  await page.goto(`${portal.url}/account/login`);
  // The page is lazy-loaded: wait for its form, then fill it (the footer has an email field too).
  await page.getByLabel(/password/i).waitFor();
  await page.getByLabel(/^email/i).fill(email);
  await page.getByLabel(/password/i).fill(password);
  await page.getByLabel(/password/i).press('Enter');
  await page.waitForURL(`${portal.url}/`, { timeout: 15_000 });
  await page.waitForFunction(() => Boolean(localStorage.getItem('m_ph_uu')), undefined, { timeout: 15_000 });
}

/**
 * axe-core's analysis of the current page with every rule it has, including the experimental
 * label-content-name-mismatch (WCAG 2.5.3 Label in Name): a voice-control user says the words she
 * sees, so an accessible name must contain them.
 */
export async function analyzeAccessibility(page: Page) {
  // axe-core's half a megabyte of source is put into a document once, here: a screen reached inside
  // the SPA keeps it, and parsing it again took as long as the analysis itself (1.1 s against 0.6 s).
  // AxeBuilder left to load the source itself evaluates it twice per analysis, and the second copy starts
  // from cold code again: a first analysis on a document took about 1.5 times as long that way.
  const loaded = await page.evaluate(() => typeof (window as { axe?: unknown }).axe === 'object');
  if (!loaded) await page.evaluate(axe.source);
  return (
    new AxeBuilder({ page, axeSource: ';' })
      // The portal has no frames, and the default mode opens a blank page for every analysis to merge
      // frame results; legacy mode runs axe in the page itself, in about half the time.
      .setLegacyMode(true)
      // Only violations are read: axe then keeps the nodes of passed and inapplicable rules to one each.
      .options({ rules: { 'label-content-name-mismatch': { enabled: true } }, resultTypes: ['violations'] })
      .analyze()
  );
}

/** Zero serious or critical accessibility violations on the current page. */
export async function expectAccessible(page: Page, context = '') {
  // A dialog or toast still fading in has a partial opacity, and axe would measure the colour
  // contrast of that in-between frame; check what a person sees once it has settled.
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'), undefined, { timeout: 10_000 });
  const results = await analyzeAccessibility(page);
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    bad.map(
      (v) =>
        `${context} ${v.id}: ${v.help} (${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(', ')})`,
    ),
  ).toEqual([]);
}

/** Once the page has settled, it is no wider than the phone: nothing makes it scroll sideways. */
export async function expectNoSideScroll(page: Page, what: string) {
  await page.waitForLoadState('networkidle');
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, `${what} is ${width}px wide`).toBeLessThanOrEqual(phone.width);
}

/**
 * On a phone (`phone` wide) the page does not scroll sideways, and the navbar is one row: the
 * brand and the menu toggle level, the brand's name whole (not cut by an ellipsis), the header
 * short, and its tap targets at least 44 px; a definition list laid out in a row keeps each value beside
 * its term, and every table fits without scrolling sideways. Works in either language (no text
 * is matched).
 */
export async function expectFitsPhone(page: Page, what: string) {
  await expectNoSideScroll(page, what);
  // Measured in the page in one round trip: a locator's boundingBox costs about 20 ms of CPU in the
  // test, Playwright and Chromium together, and this check runs on every screen of the phone journeys.
  const navbar = await page.evaluate(() => {
    // Null for an element that is missing or has no box (display: none), as Playwright's boundingBox.
    const box = (el: Element | null) => {
      if (!el || el.getClientRects().length === 0) return null;
      const { x, y, width, height } = el.getBoundingClientRect();
      return { x, y, width, height };
    };
    const words = document.querySelector('.site-navbar__brand-words');
    return {
      brand: box(document.querySelector('.site-navbar__brand')),
      toggle: box(document.querySelector('header.site-navbar .navbar-toggler')),
      header: box(document.querySelector('header.site-navbar')),
      words: words && { text: words.textContent, scroll: words.scrollWidth, client: words.clientWidth },
      targets: [...document.querySelectorAll('header.site-navbar .site-navbar__icons > *')].map((target) => ({
        box: box(target),
        name: target.getAttribute('aria-label') ?? target.textContent,
      })),
      // A table fits the phone (its rows stack into cards, or it is narrow enough): nothing of it is
      // to be found by scrolling it sideways.
      wideTables: [...document.querySelectorAll('.table-responsive')].flatMap((frame) => {
        if (frame.getClientRects().length === 0 || frame.scrollWidth <= frame.clientWidth + 1) return [];
        const caption = frame.querySelector('caption')?.textContent ?? frame.querySelector('th')?.textContent ?? '';
        return [`"${caption.trim()}" (${frame.scrollWidth}px in ${frame.clientWidth}px)`];
      }),
      // A definition list laid out as a grid row: each term and its value on one line.
      splitTerms: [...document.querySelectorAll('dl.row > dt')].flatMap((term) => {
        const value = term.nextElementSibling;
        if (value?.tagName !== 'DD') return [];
        const apart = Math.abs(term.getBoundingClientRect().top - value.getBoundingClientRect().top);
        return apart > 4 ? [`${term.textContent}: ${value.textContent} (${Math.round(apart)}px lower)`] : [];
      }),
    };
  });
  const { brand, toggle, header, words } = navbar;
  expect(brand && toggle, `${what}: navbar parts`).toBeTruthy();
  // One row: the toggle's middle is level with the brand's middle.
  expect(
    Math.abs(brand!.y + brand!.height / 2 - (toggle!.y + toggle!.height / 2)),
    `${what}: navbar in one row ${JSON.stringify({ brand, toggle })}`,
  ).toBeLessThan(8);
  expect(words, `${what}: the brand's words`).toBeTruthy();
  expect(words!.scroll, `${what}: the brand "${words!.text}" is cut (${words!.scroll}px of text in ${words!.client}px)`).toBeLessThanOrEqual(words!.client);
  expect(header?.height, `${what}: navbar height`).toBeLessThan(80);
  for (const { box, name } of navbar.targets) {
    if (!box) continue;
    expect(Math.min(box.width, box.height), `${what}: navbar tap target ${name}`).toBeGreaterThanOrEqual(44);
  }
  expect(navbar.splitTerms, `${what}: values fallen under their terms`).toEqual([]);
  expect(navbar.wideTables, `${what}: tables wider than the screen`).toEqual([]);
}

/** The page is in Arabic, right to left, with Bootstrap's RTL stylesheet the one applied. */
export async function expectRtl(page: Page) {
  await page.waitForFunction(() => document.documentElement.lang === 'ar' && document.documentElement.dir === 'rtl');
  // The RTL stylesheet is the one applied: Bootstrap's LTR build is switched off and the body reads right to left.
  expect(await page.evaluate(() => getComputedStyle(document.body).direction)).toBe('rtl');
  const sheets = await page.evaluate(() => [...document.styleSheets].filter((s) => !s.disabled && s.href).map((s) => s.href!));
  expect(sheets.some((href) => /bootstrap\.rtl/.test(href))).toBe(true);
  expect(sheets.some((href) => /\/assets\/index-/.test(href))).toBe(false);
  // A translated sentence holding an isolated value (shared/bidi-isolate.ts) reads right to left:
  // under dir="auto" Chromium takes the first letter's direction, even inside an isolate.
  const leftToRight = await page.evaluate(() =>
    [...document.querySelectorAll('[dir="auto"]')]
      .filter((element) => /[\u2066-\u2069]/.test(element.textContent ?? '') && getComputedStyle(element).direction === 'ltr')
      .map((element) => element.textContent),
  );
  expect(leftToRight, 'translated sentences read left to right').toEqual([]);
}

/**
 * The contrast of white text with the lightest pixel behind it (WCAG's ratio), read from a screenshot
 * of the words' box with the words (`words`, a selector) hidden. axe-core cannot measure text over
 * an image or a gradient, so text there is checked this way.
 */
export async function whiteTextContrastOver(page: Page, selector: string, words: string): Promise<number> {
  // The box of the words themselves, not of their element (a heading spans the whole row).
  const box = await page.locator(selector).evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    const { x, y, width, height } = range.getBoundingClientRect();
    return width && height ? { x, y, width, height } : null;
  });
  if (!box) throw new Error(`${selector} has no box`);
  await page.addStyleTag({ content: `${words} { visibility: hidden; }` });
  const shot = await page.screenshot({ clip: box });
  await page.addStyleTag({ content: `${words} { visibility: visible; }` });
  const lightest = await page.evaluate(async (base64) => {
    const image = new Image();
    image.src = `data:image/png;base64,${base64}`;
    await image.decode();
    const canvas = Object.assign(document.createElement('canvas'), { width: image.width, height: image.height });
    const context = canvas.getContext('2d')!;
    context.drawImage(image, 0, 0);
    const data = context.getImageData(0, 0, canvas.width, canvas.height).data;
    const linear = (v: number) => (v / 255 <= 0.04045 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4);
    let most = 0;
    for (let i = 0; i < data.length; i += 4) most = Math.max(most, 0.2126 * linear(data[i]) + 0.7152 * linear(data[i + 1]) + 0.0722 * linear(data[i + 2]));
    return most;
  }, shot.toString('base64'));
  return 1.05 / (lightest + 0.05);
}

/**
 * Screenshots are for people to look at, so they are taken only when asked for (`E2E_SCREENSHOTS=1`,
 * into `.tmp/shots`): no check reads them, and encoding about a hundred full pages cost the journeys
 * about a seventh of the phone-screens journey's time.
 */
const screenshotsWanted = process.env.E2E_SCREENSHOTS === '1';

export async function screenshot(page: Page, name: string, { fullPage = true } = {}) {
  if (!screenshotsWanted) return;
  await page.screenshot({ path: path.resolve('.tmp/shots', `${name}.png`), fullPage });
}

/** The requests each page has under way, from when it was first tracked. */
const requestsOf = new WeakMap<Page, Set<unknown>>();

/** Starts counting the page's requests (once; a wait that finds it untracked starts it too). */
export function trackRequests(page: Page): Set<unknown> {
  const tracked = requestsOf.get(page);
  if (tracked) return tracked;
  const underWay = new Set<unknown>();
  page.on('request', (request) => underWay.add(request));
  page.on('requestfinished', (request) => underWay.delete(request));
  page.on('requestfailed', (request) => underWay.delete(request));
  requestsOf.set(page, underWay);
  return underWay;
}

/**
 * Waits until no request of the page has been under way for `quietMs` (at most `timeoutMs`): a route
 * reached inside the app fetches its lazy chunk, then its data, then perhaps a tab's chunk, and
 * Playwright's `networkidle` only describes a page's first load.
 */
export async function networkQuiet(page: Page, quietMs = 150, timeoutMs = 10_000): Promise<void> {
  const underWay = trackRequests(page);
  const deadline = Date.now() + timeoutMs;
  for (let quietSince = Date.now(); Date.now() - quietSince < quietMs && Date.now() < deadline;) {
    await new Promise((r) => setTimeout(r, 50));
    if (underWay.size > 0) quietSince = Date.now();
  }
}

/**
 * Opens a path as the SPA's own links do (history push, then the router reads the address), without
 * loading the app again; returns the main area's HTML from before, so a caller can wait for it to change.
 */
export function navigateInApp(page: Page, path: string): Promise<string> {
  return page.evaluate((to) => {
    const before = document.querySelector('main')?.innerHTML ?? '';
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
    return before;
  }, path);
}

/** The full page (`<name>.png`) and what a person first sees of it (`<name>-top.png`). */
export async function screenshotFullAndTop(page: Page, name: string) {
  await screenshot(page, name);
  await screenshot(page, `${name}-top`, { fullPage: false });
}

/**
 * Runs one statement on the portal's database (`?` placeholders), as an operator would: journeys use
 * it to bring a scheduled job's time forward instead of waiting a day for it, or to read what was
 * stored. Resolves to the rows a query returns (none for a change).
 */
export async function sqlOn<Row = Record<string, unknown>>(portal: Portal, statement: string, params: unknown[] = []): Promise<Row[]> {
  if (portal.databaseUrl) {
    const client = new pg.Client({ connectionString: portal.databaseUrl });
    await client.connect();
    try {
      let n = 0;
      const result = await client.query(
        statement.replace(/\?/g, () => `$${++n}`),
        params,
      );
      return result.rows as Row[];
    } finally {
      await client.end();
    }
  }
  const db = new Sqlite(path.join(portal.dataDir, 'portal.sqlite'), { timeout: 10_000 });
  try {
    const prepared = db.prepare(statement);
    if (prepared.reader) return prepared.all(...params) as Row[];
    prepared.run(...params);
    return [];
  } finally {
    db.close();
  }
}

/** Waits (up to `timeoutMs`) for the newest mail to `to` whose subject contains `subject` in the embedded outbox. */
export async function waitForMail(portal: Portal, to: string, subject: string, timeoutMs = 15_000): Promise<OutboxMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mail = lastMailTo(portal.dataDir, to, subject);
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error(`no "${subject}" mail to ${to} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * On the appointments tab (already open), moves the appointment shown at `from` ("10:00 AM") to the
 * free time shown at `to` ("1:00 PM") through the Move dialog, and waits for the row at its new time.
 */
export async function moveAppointmentInTab(page: Page, from: string, to: string) {
  await page
    .getByRole('row', { name: new RegExp(from) })
    .getByRole('button', { name: /^Move the appointment/ })
    .click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(new RegExp(`at ${to}$`)).check();
  await dialog.getByRole('button', { name: 'Move to this time' }).click();
  await dialog.getByText(/is moved to/).waitFor();
  await dialog.getByRole('button', { name: 'Close' }).last().click();
  await page.getByRole('row', { name: new RegExp(to) }).waitFor();
}
