import type { Page } from 'playwright-core';
import {
  api,
  apiLogin,
  closeJourney,
  demo,
  expectAccessible,
  expectFitsPhone,
  expectRtl,
  navigateInApp,
  networkQuiet,
  trackRequests,
  openJourney,
  phone,
  type Portal,
  screenshot,
  signedInContext,
  type JourneyBrowser,
} from './harness';
import { cardForm } from '../server/card-form';

/**
 * Every screen of the portal on a 390 × 844 phone, in English and in Arabic, each seen by the role
 * that can see it: a full-page screenshot of each (.tmp/shots/screens/<language>-<screen>.png), and
 * on each no sideways scroll, the navbar in one row with the brand's name whole, the language and
 * direction of the document, and no serious or critical accessibility violation.
 */

let portal: Portal;
let browser: JourneyBrowser;
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
  /** A heading of the screen in Arabic, word for word (exact, so 'المقالات' is not 'أحدث المقالات'): the screen reads Arabic. */
  arabicHeading: string;
}

const doctorName = encodeURIComponent(demo.doctor.name);
const fixed = (path: string) => () => path;

/** Each route of src/app/router.tsx (and the settings and admin tabs), under the role that sees it. */
const screensByRole: Record<Role, Screen[]> = {
  guest: [
    { name: 'home', path: fixed('/'), arabicHeading: 'نخبة أطبائنا' },
    { name: 'login', path: fixed('/account/login'), arabicHeading: 'مرحبًا بعودتك' },
    { name: 'forgot-password', path: fixed('/account/forgot-password'), arabicHeading: 'نسيت كلمة المرور' },
    { name: 'reset-password', path: fixed('/account/reset-password?token=not-a-real-token'), arabicHeading: 'اختر كلمة مرور جديدة' },
    { name: 'verify-email', path: fixed('/account/verify-email?token=not-a-real-token'), arabicHeading: 'تأكيد بريدك الإلكتروني' },
    { name: 'register', path: fixed('/account/register'), arabicHeading: 'إنشاء حساب' },
    { name: 'register-doctor', path: fixed('/account/doctor'), arabicHeading: 'تسجيل طبيب' },
    { name: 'register-pharmacist', path: fixed('/account/pharmacist'), arabicHeading: 'تسجيل صيدلي' },
    { name: 'doctors', path: fixed('/doctors'), arabicHeading: 'ابحث عن طبيب' },
    { name: 'doctor', path: fixed(`/doctor/${doctorName}`), arabicHeading: 'البيانات الشخصية' },
    { name: 'shop', path: fixed('/shop'), arabicHeading: 'الصيدلية' },
    { name: 'product', path: fixed('/shop/vitamin-d3-5000-iu'), arabicHeading: 'دواعي الاستعمال' },
    // Sold only against a prescription: its notice is a long line that must wrap on a phone.
    { name: 'product-prescription-only', path: fixed('/shop/amoxicillin-500-mg'), arabicHeading: 'دواعي الاستعمال' },
    { name: 'blogs', path: fixed('/blogs'), arabicHeading: 'المقالات' },
    { name: 'blog', path: (ids) => `/blogs/${ids.blogSlug}`, arabicHeading: 'اترك تعليقًا' },
    { name: 'about', path: fixed('/about'), arabicHeading: 'من نحن' },
    { name: 'contact', path: fixed('/contact'), arabicHeading: 'اتصل بنا' },
    { name: 'not-found', path: fixed('/no-such-page'), arabicHeading: 'عذرًا! الصفحة غير موجودة' },
  ],
  patient: [
    { name: 'appointment-request', path: fixed('/appointment/request'), arabicHeading: 'طلب موعد' },
    { name: 'appointment-request-doctor', path: fixed(`/appointment/request/${doctorName}`), arabicHeading: 'طلب موعد' },
    { name: 'appointment-request-doctor-department', path: fixed(`/appointment/request/${doctorName}/Cardiology`), arabicHeading: 'طلب موعد' },
    { name: 'cart', path: fixed('/cart'), arabicHeading: 'سلة المشتريات' },
    { name: 'checkout', path: fixed('/checkout'), arabicHeading: 'إتمام الشراء' },
    { name: 'order', path: (ids) => `/orders/${ids.orderNumber}`, arabicHeading: 'الإجماليات' },
    { name: 'settings-profile', path: fixed('/settings/profile'), arabicHeading: 'الإعدادات' },
    { name: 'settings-security', path: fixed('/settings/security'), arabicHeading: 'تسجيل الدخول بخطوتين' },
    { name: 'settings-notifications', path: fixed('/settings/notifications'), arabicHeading: 'الإشعارات' },
    { name: 'settings-appointments', path: fixed('/settings/appointments'), arabicHeading: 'المواعيد' },
    { name: 'settings-payments', path: fixed('/settings/payments'), arabicHeading: 'المدفوعات' },
    { name: 'settings-orders', path: fixed('/settings/orders'), arabicHeading: 'الطلبات' },
    { name: 'history', path: fixed(`/history/${demo.patient.id}`), arabicHeading: 'السجلّ الطبي' },
    { name: 'prescriptions', path: fixed('/prescriptions'), arabicHeading: 'الوصفات الطبية' },
    { name: 'prescription', path: (ids) => `/prescriptions/${ids.prescriptionId}`, arabicHeading: 'الأدوية' },
    { name: 'chat', path: fixed('/chat'), arabicHeading: 'المحادثات' },
  ],
  doctor: [
    { name: 'blog-create', path: fixed('/blog/create'), arabicHeading: 'اكتب مقالًا جديدًا' },
    { name: 'doctor-settings-appointments', path: fixed('/settings/appointments'), arabicHeading: 'طلبات المواعيد' },
  ],
  pharmacist: [
    { name: 'settings-my-products', path: fixed('/settings/my-products'), arabicHeading: 'منتجاتي' },
    { name: 'settings-orders-received', path: fixed('/settings/orders-received'), arabicHeading: 'الطلبات الواردة' },
  ],
  admin: [
    { name: 'admin', path: fixed('/admin'), arabicHeading: 'الملخّص' },
    { name: 'admin-applications', path: fixed('/admin/applications'), arabicHeading: 'طلبات الانضمام' },
    { name: 'admin-users', path: fixed('/admin/users'), arabicHeading: 'المستخدمون' },
    { name: 'admin-content', path: fixed('/admin/content'), arabicHeading: 'المقالات' },
    { name: 'admin-audit', path: fixed('/admin/audit'), arabicHeading: 'سجلّ الإجراءات' },
  ],
};

const accounts: Record<Role, { email: string; password: string } | null> = {
  guest: null,
  patient: demo.patient,
  doctor: demo.doctor,
  pharmacist: demo.pharmacist,
  admin: demo.admin,
};

let ids: Ids;

beforeAll(async () => {
  const { token } = await apiLogin(portal, demo.patient.email, demo.patient.password);
  // One paid order for /orders/:number, of three products next to each other in the seeded catalogue,
  // which the seed hands out in turn to its three pharmacies: the demo pharmacist receives one of them.
  for (const product of ['paracetamol-500-mg', 'paracetamol-extra-500-65-mg', 'migraine-relief-duo']) {
    expect((await api(portal, 'POST', 'cart', { product, quantity: '1' }, token)).status).toBe(200);
  }
  const paid = await api(portal, 'POST', 'checkout', cardForm(), token);
  expect(paid.status).toBe(200);
  // Then a product left in the cart for /cart and /checkout.
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

/**
 * A page that opens screens as a person following links would: the first through a full load, the
 * next ones through the SPA's router (history.pushState and popstate), without loading the app again.
 * It counts its requests, so "settled" needs no fixed networkidle pause.
 */
function screenTab(page: Page) {
  let loaded = false;
  trackRequests(page);

  /**
   * The new route is on screen (the main area differs from the previous screen's; the router may keep
   * the old page during a transition), no spinner is left, and no request has been under way for 150 ms.
   */
  async function settled(previous: string) {
    const rendered = () =>
      page.waitForFunction(
        (before) => {
          const main = document.querySelector('main');
          return !!main && main.innerHTML !== before && !document.querySelector('.spinner-border') && (main.textContent ?? '').trim().length > 0;
        },
        previous,
        { timeout: 15_000 },
      );
    await rendered();
    await networkQuiet(page);
    // What the last requests brought may have started another load (a lazy tab, then its data).
    await rendered();
  }

  return async function open(path: string) {
    if (!loaded) {
      await page.goto(`${portal.url}${path}`);
      loaded = true;
      return settled('');
    }
    await settled(await navigateInApp(page, path));
  };
}

/** Opens the screen, takes its screenshot and checks it; returns what is wrong with it (empty when nothing). */
async function checkScreen(page: Page, open: (path: string) => Promise<void>, language: Language, screen: Screen): Promise<string[]> {
  const errors: string[] = [];
  const onError = (e: Error) => errors.push(e.message);
  page.on('pageerror', onError);
  const what = `${language} ${screen.name}`;
  const problems: string[] = [];
  try {
    await open(screen.path(ids));
    await screenshot(page, `screens/${language}-${screen.name}`);
    const checks: Array<() => Promise<unknown>> = [
      () => expectFitsPhone(page, what),
      language === 'ar'
        ? () => expectRtl(page)
        : async () => expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(['en', 'ltr']),
      async () => {
        if (language === 'ar') await page.getByRole('heading', { name: screen.arabicHeading, exact: true }).first().waitFor({ timeout: 5_000 });
      },
      () => expectAccessible(page, what),
    ];
    // Every check runs, so one screen's report names all its problems at once.
    for (const check of checks) {
      try {
        await check();
      } catch (error) {
        const message = (error as Error).message.split('\n').slice(0, 6).join(' ');
        problems.push(message.startsWith(what) ? message : `${what}: ${message}`);
      }
    }
  } catch (error) {
    problems.push(`${what}: did not load: ${(error as Error).message.split('\n')[0]}`);
  } finally {
    page.off('pageerror', onError);
  }
  return [...problems, ...errors.map((e) => `${what}: page error ${e}`)];
}

/** One role's screens in one language, in a context of their own; returns what is wrong. */
async function checkScreens(role: Role, language: Language): Promise<string[]> {
  const context = await signedInContext(browser, portal, accounts[role], { language, viewport: phone });
  const page = await context.newPage();
  const open = screenTab(page);
  const problems: string[] = [];
  try {
    for (const screen of screensByRole[role]) problems.push(...(await checkScreen(page, open, language, screen)));
  } finally {
    await context.close();
  }
  return problems;
}

describe('every screen on a phone, in English and in Arabic', () => {
  for (const role of Object.keys(screensByRole) as Role[]) {
    // The two languages side by side: while one waits for the server or axe, the other works.
    it(`as ${role === 'guest' ? 'a guest' : `the demo ${role}`}`, async () => {
      const problems = await Promise.all([checkScreens(role, 'en'), checkScreens(role, 'ar')]);
      expect(problems.flat()).toEqual([]);
    });
  }
});
