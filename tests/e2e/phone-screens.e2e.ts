import type { Browser, Page } from 'playwright-core';
import { api, apiLogin, closeJourney, demo, expectAccessible, expectFitsPhone, expectRtl, openJourney, phone, type Portal, screenshot, signedInContext } from './harness';

/**
 * Every screen of the portal on a 390 × 844 phone, in English and in Arabic, each seen by the role
 * that can see it: a full-page screenshot of each (.tmp/shots/screens/<language>-<screen>.png), and
 * on each no sideways scroll, the navbar in one row with the brand's name whole, the language and
 * direction of the document, and no serious or critical accessibility violation.
 */

let portal: Portal;
let browser: Browser;
beforeAll(async () => ({ portal, browser } = await openJourney()));
afterAll(() => closeJourney({ portal, browser }));

type Language = 'en' | 'ar';
type Role = 'guest' | 'patient' | 'doctor' | 'pharmacist' | 'admin';

/** Ids of the dynamic routes, read from the seeded data or created through the API in beforeAll. */
interface Ids {
  blogSlug: string;
  orderNumber: string;
  prescriptionId: string;
}

interface Screen {
  name: string;
  path: (ids: Ids) => string;
  /** Headings already translated, asserted in Arabic (the others may still be English while translations land). */
  arabicHeading?: string;
}

const doctorName = encodeURIComponent(demo.doctor.name);
const fixed = (path: string) => () => path;

/** Each route of src/app/router.tsx (and the settings and admin tabs), under the role that sees it. */
const screensByRole: Record<Role, Screen[]> = {
  guest: [
    { name: 'home', path: fixed('/'), arabicHeading: 'نخبة أطبائنا' },
    { name: 'login', path: fixed('/account/login'), arabicHeading: 'مرحبًا بعودتك' },
    { name: 'forgot-password', path: fixed('/account/forgot-password') },
    { name: 'reset-password', path: fixed('/account/reset-password?token=not-a-real-token') },
    { name: 'verify-email', path: fixed('/account/verify-email?token=not-a-real-token') },
    { name: 'register', path: fixed('/account/register'), arabicHeading: 'إنشاء حساب' },
    { name: 'register-doctor', path: fixed('/account/doctor') },
    { name: 'register-pharmacist', path: fixed('/account/pharmacist') },
    { name: 'doctors', path: fixed('/doctors'), arabicHeading: 'ابحث عن طبيب' },
    { name: 'doctor', path: fixed(`/doctor/${doctorName}`) },
    { name: 'shop', path: fixed('/shop'), arabicHeading: 'الصيدلية' },
    { name: 'product', path: fixed('/shop/vitamin-d3-5000-iu') },
    { name: 'blogs', path: fixed('/blogs') },
    { name: 'blog', path: (ids) => `/blogs/${ids.blogSlug}` },
    { name: 'about', path: fixed('/about') },
    { name: 'contact', path: fixed('/contact') },
    { name: 'not-found', path: fixed('/no-such-page') },
  ],
  patient: [
    { name: 'appointment-request', path: fixed('/appointment/request') },
    { name: 'appointment-request-doctor', path: fixed(`/appointment/request/${doctorName}`) },
    { name: 'appointment-request-doctor-department', path: fixed(`/appointment/request/${doctorName}/Cardiology`) },
    { name: 'cart', path: fixed('/cart') },
    { name: 'checkout', path: fixed('/checkout'), arabicHeading: 'إتمام الشراء' },
    { name: 'order', path: (ids) => `/orders/${ids.orderNumber}` },
    { name: 'settings-profile', path: fixed('/settings/profile') },
    { name: 'settings-security', path: fixed('/settings/security') },
    { name: 'settings-notifications', path: fixed('/settings/notifications') },
    { name: 'settings-appointments', path: fixed('/settings/appointments') },
    { name: 'settings-payments', path: fixed('/settings/payments') },
    { name: 'settings-orders', path: fixed('/settings/orders') },
    { name: 'history', path: fixed(`/history/${demo.patient.id}`) },
    { name: 'prescriptions', path: fixed('/prescriptions') },
    { name: 'prescription', path: (ids) => `/prescriptions/${ids.prescriptionId}` },
    { name: 'chat', path: fixed('/chat') },
  ],
  doctor: [
    { name: 'blog-create', path: fixed('/blog/create') },
    { name: 'doctor-settings-appointments', path: fixed('/settings/appointments') },
  ],
  pharmacist: [
    { name: 'settings-my-products', path: fixed('/settings/my-products') },
    { name: 'settings-orders-received', path: fixed('/settings/orders-received') },
  ],
  admin: [
    { name: 'admin', path: fixed('/admin') },
    { name: 'admin-applications', path: fixed('/admin/applications') },
    { name: 'admin-users', path: fixed('/admin/users') },
    { name: 'admin-content', path: fixed('/admin/content') },
    { name: 'admin-audit', path: fixed('/admin/audit') },
  ],
};

const accounts: Record<Role, { email: string; password: string } | null> = {
  guest: null,
  patient: demo.patient,
  doctor: demo.doctor,
  pharmacist: demo.pharmacist,
  admin: demo.admin,
};

const year = String((new Date().getFullYear() + 2) % 100).padStart(2, '0');
const card = { number: '4242 4242 4242 4242', exp_month: '08', exp_year: year, cvc: '123', currency: 'usd', location: '12 Nile St, Zamalek', country: 'Egypt', government: 'Cairo' };

let ids: Ids;

beforeAll(async () => {
  const { token } = await apiLogin(portal, demo.patient.email, demo.patient.password);
  // One paid order for /orders/:number, then a product left in the cart for /cart and /checkout.
  expect((await api(portal, 'POST', 'cart', { product: 'vitamin-d3-5000-iu', quantity: '1' }, token)).status).toBe(200);
  const paid = await api(portal, 'POST', 'checkout', card, token);
  expect(paid.status).toBe(200);
  expect((await api(portal, 'POST', 'cart', { product: 'vitamin-d3-5000-iu', quantity: '2' }, token)).status).toBe(200);
  const blogs = await api(portal, 'GET', 'blog');
  const prescriptions = await api(portal, 'GET', 'prescriptions', undefined, token);
  ids = {
    blogSlug: blogs.body.blogs[0].slug,
    orderNumber: paid.body.payment.orderNumber,
    prescriptionId: prescriptions.body.prescriptions[0].id ?? prescriptions.body.prescriptions[0]._id,
  };
  expect(Object.values(ids).every(Boolean), JSON.stringify(ids)).toBe(true);
});

/** The page has settled: no spinner left, the main area filled, the network quiet. */
async function settled(page: Page) {
  await page.waitForFunction(() => !document.querySelector('.spinner-border') && (document.querySelector('main')?.textContent ?? '').trim().length > 0, undefined, { timeout: 15_000 });
  await page.waitForLoadState('networkidle');
}

/** Opens the screen, takes its screenshot and checks it; returns what is wrong with it (empty when nothing). */
async function checkScreen(page: Page, language: Language, screen: Screen): Promise<string[]> {
  const errors: string[] = [];
  const onError = (e: Error) => errors.push(e.message);
  page.on('pageerror', onError);
  const what = `${language} ${screen.name}`;
  const problems: string[] = [];
  try {
    await page.goto(`${portal.url}${screen.path(ids)}`);
    await settled(page);
    await screenshot(page, `screens/${language}-${screen.name}`);
    const checks: Array<() => Promise<unknown>> = [
      () => expectFitsPhone(page, what),
      language === 'ar'
        ? () => expectRtl(page)
        : async () => expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(['en', 'ltr']),
      async () => {
        if (language === 'ar' && screen.arabicHeading) await page.getByRole('heading', { name: screen.arabicHeading }).waitFor({ timeout: 5_000 });
      },
      () => expectAccessible(page, what),
    ];
    // Every check runs, so one screen's report names all its problems at once.
    for (const check of checks) {
      try {
        await check();
      } catch (error) {
        problems.push(`${what}: ${(error as Error).message.split('\n').slice(0, 6).join(' ')}`);
      }
    }
  } catch (error) {
    problems.push(`${what}: did not load: ${(error as Error).message.split('\n')[0]}`);
  } finally {
    page.off('pageerror', onError);
  }
  return [...problems, ...errors.map((e) => `${what}: page error ${e}`)];
}

for (const language of ['en', 'ar'] as const) {
  describe(`every screen on a phone in ${language === 'en' ? 'English' : 'Arabic'}`, () => {
    for (const role of Object.keys(screensByRole) as Role[]) {
      it(`as ${role === 'guest' ? 'a guest' : `the demo ${role}`}`, async () => {
        const context = await signedInContext(browser, portal, accounts[role], { language, viewport: phone });
        const page = await context.newPage();
        const problems: string[] = [];
        try {
          for (const screen of screensByRole[role]) problems.push(...(await checkScreen(page, language, screen)));
        } finally {
          await context.close();
        }
        expect(problems).toEqual([]);
      });
    }
  });
}
