import type { Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import {
  analyzeAccessibility,
  api,
  closeJourney,
  demo,
  journeyBrowser,
  navigateInApp,
  networkQuiet,
  trackRequests,
  newContext,
  loginThroughUi,
  screenshot,
  startPortal,
  type Portal,
  type JourneyBrowser,
} from '../harness.js';

/**
 * The accessibility sweep the accessibility journeys share: axe-core on every route of the portal,
 * as a guest or signed in, in English and in Arabic. Each journey file sweeps some of the people on
 * a portal of its own, so the files run side by side.
 */
export interface SweepTarget {
  portal: Portal;
  browser: JourneyBrowser;
  /** A doctor, a product in stock sold without a prescription, and an article of this portal. */
  names: { doctorName: string; productSlug: string; blogSlug: string };
}

/** Starts a portal and a browser, and finds the product and article the routes name. */
async function openSweep(): Promise<SweepTarget> {
  const portal = await startPortal();
  const names = { doctorName: demo.doctor.name, productSlug: '', blogSlug: '' };
  // A product in stock and sold without a prescription, so its Add To Cart button works for anyone.
  for (const p of (await api(portal, 'GET', 'medicines/?page=1')).body.products ?? []) {
    const product = (await api(portal, 'GET', `medicine/?product=${p.slug}`)).body.product;
    if (product?.quantity >= 5 && !product.prescriptionOnly) {
      names.productSlug = p.slug;
      break;
    }
  }
  names.blogSlug = (await api(portal, 'GET', 'blog')).body.blogs?.[0]?.slug ?? 'missing-blog';
  return { portal, browser: await journeyBrowser(), names };
}

/** A journey file's sweep target: started in its beforeAll, stopped in its afterAll; read it inside a test. */
export function sweepTargetOfFile(): () => SweepTarget {
  let target: SweepTarget | undefined;
  beforeAll(async () => {
    target = await openSweep();
  });
  afterAll(() => closeJourney(target ?? {}));
  return () => {
    if (!target) throw new Error('the sweep target is not started: read it inside a test');
    return target;
  };
}

/** Every route of the portal; the doctor, product and article are the target's own. */
export const routes = ({ names }: SweepTarget) => [
  '/',
  '/account/login',
  '/account/register',
  '/account/doctor',
  '/account/pharmacist',
  '/account/forgot-password',
  '/doctors',
  `/doctor/${encodeURIComponent(names.doctorName)}`,
  '/appointment/request',
  `/appointment/request/${encodeURIComponent(names.doctorName)}/Cardiology`,
  '/shop',
  `/shop/${names.productSlug}`,
  '/cart',
  '/checkout',
  '/settings/profile',
  '/settings/appointments',
  '/settings/payments',
  '/settings/orders',
  '/settings/security',
  '/settings/notifications',
  '/prescriptions',
  `/history/${demo.patient.id}`,
  '/blogs',
  `/blogs/${names.blogSlug}`,
  '/blog/create',
  '/about',
  '/contact',
  '/chat',
  '/no-such-page',
];

/** Waits until the page has its data and is at rest: network quiet, no spinner, no transition running. */
export async function settle(page: Page) {
  // Two frames first: the route the app was just sent to has asked for its chunk and data (or shows
  // them), so the quiet network below is the one after them.
  const twoFrames = () => page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await twoFrames();
  await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
  await networkQuiet(page);
  await page
    .waitForFunction(() => !document.querySelector('.spinner-border, .spinner-grow, [aria-busy="true"]'), undefined, { timeout: 8_000 })
    .catch(() => undefined);
  // What arrived is rendered and styled, so the transitions it started (a tab's colours) are running.
  await twoFrames();
  // Let entrance transitions (carousels, fades) finish so colours are measured at rest: no finite
  // animation or transition still running (a spinner's endless one is gone by now; a carousel's next
  // slide may start later, and is measured at rest between two).
  await page
    .waitForFunction(
      () => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
      undefined,
      {
        timeout: 3_000,
        polling: 50,
      },
    )
    .catch(() => undefined);
}

/** Serious and critical violations on the current page, one line each. */
export async function violations(page: Page, where: string): Promise<string[]> {
  const results = await analyzeAccessibility(page);
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${where} ${v.id} (${v.impact}): ${v.help} → ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(' | ')}`,
    );
}

/** The administrator's console: each of its tabs. */
export const adminRoutes = ['/admin', '/admin/applications', '/admin/users', '/admin/content', '/admin/audit'];

async function sweep(target: SweepTarget, page: Page, who: string, paths: string[] = routes(target)): Promise<string[]> {
  const { portal } = target;
  const found: string[] = [];
  const extraTabs = new Set<string>();
  // The first route is loaded as a visitor arriving would; the rest are reached inside the app, so
  // the app and axe-core are not parsed again for every route.
  await page.goto(`${portal.url}${paths[0]}`);
  for (const [index, route] of paths.entries()) {
    if (index > 0) await navigateInApp(page, route);
    await settle(page);
    found.push(...(await violations(page, `[${who}] ${route}`)));
    if (route === '/settings/profile') {
      // Role-specific settings tabs (a pharmacist's products, for example) are swept too.
      for (const href of await page.locator('a[href^="/settings/"]').evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''))) extraTabs.add(href);
    }
  }
  for (const href of extraTabs) {
    if (routes(target).includes(href)) continue;
    await navigateInApp(page, href);
    await settle(page);
    found.push(...(await violations(page, `[${who}] ${href}`)));
  }
  await screenshot(page, `a11y-${who}-last`);
  return found;
}

/**
 * The same person sweeps in English and in Arabic (right to left) at once, in two contexts: the
 * sweep mostly waits for pages to settle, so the two run side by side in about the time of one.
 */
export async function sweepBothLanguages(target: SweepTarget, who: string, login?: { email: string; password: string }, paths?: string[]) {
  const sweeps = (['en', 'ar'] as const).map(async (language) => {
    const context = await newContext(target.browser);
    const page = await context.newPage();
    trackRequests(page);
    if (login) await loginThroughUi(page, target.portal, login.email, login.password);
    if (language === 'ar') {
      // Chosen as the navbar's switch remembers it: every page loaded after this one starts in Arabic.
      await page.goto(`${target.portal.url}/`);
      await page.evaluate(() => localStorage.setItem('language', 'ar'));
      await page.reload();
      await page.waitForFunction(() => document.documentElement.dir === 'rtl');
    }
    const found = await sweep(target, page, `${who}-${language}`, paths);
    await context.close();
    return found;
  });
  return (await Promise.all(sweeps)).flat();
}
