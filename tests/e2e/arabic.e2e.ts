import type { Page } from 'playwright-core';
import {
  api,
  apiLogin,
  closeJourney,
  expectAccessible,
  expectNoSideScroll,
  expectRtl,
  loginThroughUi,
  newContext,
  openJourney,
  phone,
  type Portal,
  registerAccount,
  screenshot,
  screenshotFullAndTop,
  type JourneyBrowser,
} from './harness';

/**
 * The portal in Arabic: chosen in the navbar, right-to-left with Bootstrap's RTL stylesheet,
 * remembered across reloads, taken from the browser's language on a first visit, accessible and
 * fitting a phone; and switching back gives the specification's English texts again.
 */
let portal: Portal;
let browser: JourneyBrowser;
beforeAll(async () => ({ portal, browser } = await openJourney()));
afterAll(() => closeJourney({ portal, browser }));

/** Waits for the doctors' list to show its first card's profile link. */
async function profileLinksShown(page: Page) {
  await page
    .getByRole('link', { name: /^عرض الملف/ })
    .first()
    .waitFor();
}

/**
 * A phone page signed in as `account` through the login page, then switched to Arabic by the
 * stored choice; the page's script errors are collected in `errors`.
 */
async function arabicPhonePage(account: Record<string, string>) {
  const context = await newContext(browser, phone.width, phone.height);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await loginThroughUi(page, portal, account.email, account.password);
  await page.evaluate(() => localStorage.setItem('language', 'ar'));
  return { context, page, errors };
}

/** On the phone: no sideways scroll, the full page and its top photographed, no serious accessibility violation. */
async function checkOnPhone(page: Page, name: string) {
  await expectNoSideScroll(page, name);
  await screenshotFullAndTop(page, `arabic-phone-${name}`);
  await expectAccessible(page, `ar ${name} (phone)`);
}

describe('the portal in Arabic', () => {
  it('switches to العربية from the navbar, reads right to left on every main page, keeps it after a reload, and switches back to English', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const arabicChunks: string[] = [];
    page.on('request', (r) => {
      if (/\/assets\/(ar|rtlStylesheets|bootstrap\.rtl)[-.]/.test(r.url())) arabicChunks.push(r.url());
    });
    await page.goto(portal.url);
    await page.getByRole('heading', { name: 'Our top doctors' }).waitFor();
    // An English visit never downloads the Arabic texts or stylesheet.
    expect(arabicChunks).toEqual([]);
    expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(['en', 'ltr']);

    const toArabic = page.getByRole('button', { name: 'العربية' });
    await toArabic.focus();
    await page.keyboard.press('Enter');
    await expectRtl(page);
    await page.getByRole('heading', { name: 'نخبة أطبائنا' }).waitFor();
    await page.getByRole('link', { name: 'الدخول/التسجيل' }).waitFor();
    expect(arabicChunks.length).toBeGreaterThan(0);
    await screenshotFullAndTop(page, 'arabic-home');

    await page.getByRole('link', { name: 'الصيدلية', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'الصيدلية' }).waitFor();
    await page.getByRole('list', { name: 'المنتجات' }).getByRole('article').first().waitFor();
    await page.getByLabel('الترتيب حسب').waitFor();
    await screenshot(page, 'arabic-shop');

    await page.goto(`${portal.url}/doctors`);
    await expectRtl(page);
    await page.getByRole('heading', { level: 1, name: 'ابحث عن طبيب' }).waitFor();
    await page.getByRole('button', { name: 'القلب' }).waitFor();
    await profileLinksShown(page);

    await page.goto(`${portal.url}/account/login`);
    await page.getByRole('heading', { name: 'مرحبًا بعودتك' }).waitFor();
    await page.getByLabel('البريد الإلكتروني *').waitFor();

    // A reload keeps Arabic.
    await page.reload();
    await expectRtl(page);
    await page.getByRole('heading', { name: 'مرحبًا بعودتك' }).waitFor();

    // Back to English: the specification's texts, left to right, Bootstrap's LTR stylesheet again.
    await page.getByRole('button', { name: 'English' }).click();
    await page.waitForFunction(() => document.documentElement.lang === 'en' && document.documentElement.dir === 'ltr');
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
    await page.getByRole('link', { name: 'Login/Register' }).waitFor();
    expect(await page.evaluate(() => getComputedStyle(document.body).direction)).toBe('ltr');
    await page.goto(portal.url);
    await page.getByRole('heading', { name: 'Our top doctors' }).waitFor();
    await page.getByRole('button', { name: 'Doctors & Appointments' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('ltr');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('starts in Arabic for a browser set to ar-EG, with no serious accessibility violation and no sideways scroll on a phone', async () => {
    const context = await browser.newContext({ locale: 'ar-EG', viewport: phone });
    const page = await context.newPage();
    await page.goto(portal.url);
    await expectRtl(page);
    await page.getByRole('heading', { name: 'نخبة أطبائنا' }).waitFor();
    await page.getByRole('button', { name: 'English' }).waitFor();
    await checkOnPhone(page, 'home');

    await page.goto(`${portal.url}/doctors`);
    await profileLinksShown(page);
    await checkOnPhone(page, 'doctors');

    // And at desktop width.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(portal.url);
    await page.getByRole('heading', { name: 'نخبة أطبائنا' }).waitFor();
    await page.waitForLoadState('networkidle');
    await expectAccessible(page, 'ar home');
    await page.goto(`${portal.url}/doctors`);
    await profileLinksShown(page);
    await expectAccessible(page, 'ar doctors');
    await context.close();
  });

  it('on a phone, books an appointment in Arabic: the slot reads its day in Arabic, and the reservation is confirmed in Arabic', async () => {
    const doctor = (await registerAccount(portal, 'doctor')) as Record<string, string>;
    const patient = (await registerAccount(portal, 'patient')) as Record<string, string>;
    const { token: doctorToken } = await apiLogin(portal, doctor.email, doctor.password);
    // A slot on the 15th of next month at 11:30, the clinic's wall-clock time.
    const next = new Date();
    next.setUTCDate(1);
    next.setUTCMonth(next.getUTCMonth() + 1);
    const date = `${next.getUTCFullYear()}-${String(next.getUTCMonth() + 1).padStart(2, '0')}-15`;
    expect((await api(portal, 'POST', 'appointment', { date, time: '11:30' }, doctorToken)).status).toBe(200);

    const { context, page, errors } = await arabicPhonePage(patient);
    await page.goto(`${portal.url}/doctor/${encodeURIComponent(doctor.name)}`);
    await expectRtl(page);
    // The day in Arabic: its month's Arabic name and the 15th in Arabic-Indic digits; 11:30 in the morning (ص).
    const arabicMonths = ['يناير', 'فبراير', 'مارس', 'أبريل', 'مايو', 'يونيو', 'يوليو', 'أغسطس', 'سبتمبر', 'أكتوبر', 'نوفمبر', 'ديسمبر'];
    const reserve = page.getByRole('button', { name: new RegExp(`^احجز .*١٥ ${arabicMonths[next.getUTCMonth()]}.* الساعة ١١:٣٠ ص$`) });
    await reserve.click();
    const dialog = page.getByRole('dialog', { name: 'حجز موعد' });
    await dialog.getByText('الإلغاء بعد ٢٤ ساعة يكلّف رسومًا بنسبة ٢٥٪.').waitFor();
    await expectAccessible(page, 'ar reserve dialog');
    await screenshot(page, 'arabic-reserve-dialog');
    await dialog.getByRole('button', { name: 'احفظ' }).click();
    await dialog.getByText('تم الحجز بنجاح').waitFor();
    // The server holds the reservation: the slot is hers.
    const { token } = await apiLogin(portal, patient.email, patient.password);
    const mine = await api(portal, 'GET', 'appointment', undefined, token);
    expect(JSON.stringify(mine.body)).toContain(date);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('on a phone, shows the sign-up form in Arabic and pays for a cart in Arabic', async () => {
    const patient = (await registerAccount(portal, 'patient')) as Record<string, string>;
    const { token } = await apiLogin(portal, patient.email, patient.password);
    expect((await api(portal, 'POST', 'cart', { product: 'vitamin-d3-5000-iu', quantity: '2' }, token)).status).toBe(200);
    const { context, page, errors } = await arabicPhonePage(patient);

    await page.goto(`${portal.url}/account/register`);
    await expectRtl(page);
    await page.getByRole('heading', { level: 1, name: 'إنشاء حساب' }).waitFor();
    await page.getByLabel('الاسم الكامل *').waitFor();
    await page.getByLabel('فصيلة الدم').waitFor();
    await page.getByRole('button', { name: 'أنشئ الحساب' }).waitFor();
    await expectAccessible(page, 'ar register');
    await screenshot(page, 'arabic-register');

    await page.goto(`${portal.url}/checkout`);
    await page.getByRole('heading', { level: 1, name: 'إتمام الشراء' }).waitFor();
    await page.getByLabel('رقم البطاقة *').waitFor();
    await page.getByRole('heading', { name: 'ملخص الطلب' }).waitFor();
    await page.getByRole('list', { name: 'المنتجات المطلوب دفع ثمنها' }).getByText('Vitamin D3 5000 IU').waitFor();
    await expectAccessible(page, 'ar checkout');
    await expectNoSideScroll(page, 'ar checkout');
    await screenshot(page, 'arabic-checkout');
    const year = String(new Date().getFullYear() + 2);
    await page.getByLabel('رقم البطاقة *').fill('4242 4242 4242 4242');
    await page.getByLabel('شهر الانتهاء *').selectOption('08');
    await page.getByLabel('سنة الانتهاء *').selectOption(year);
    await page.getByLabel('رمز الأمان (CVC) *').fill('123');
    await page.getByLabel('عنوان التوصيل *').fill('12 شارع النيل، الزمالك');
    await page.getByLabel('الدولة').selectOption('Egypt');
    await page.getByLabel('المحافظة').selectOption('Cairo');
    await page.getByRole('button', { name: 'ادفع الآن' }).click();
    // The server's confirmation, in Arabic because the page asked for it (Accept-Language).
    await page.getByRole('dialog').getByText('تم الدفع بنجاح').waitFor({ timeout: 15_000 });
    await screenshot(page, 'arabic-paid');
    expect((await api(portal, 'GET', 'cart', undefined, token)).body.cart ?? []).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
