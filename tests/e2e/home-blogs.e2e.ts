import type { Page } from 'playwright-core';
import {
  closeJourney,
  demo,
  expectAccessible,
  loginThroughUi,
  newContext,
  openJourney,
  phone,
  type Portal,
  screenshot,
  signedInContext,
  whiteTextContrastOver,
  type JourneyBrowser,
} from './harness';

let portal: Portal;
let browser: JourneyBrowser;
beforeAll(async () => ({ portal, browser } = await openJourney()));
afterAll(() => closeJourney({ portal, browser }));

const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

/** Scrolls through the page so lazy images load, then back to the top. */
async function scrollThrough(page: Page) {
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += 500) {
      window.scrollTo({ top: y, behavior: 'instant' });
      await new Promise((r) => setTimeout(r, 150));
    }
    window.scrollTo({ top: 0, behavior: 'instant' });
  });
  await page.waitForLoadState('networkidle');
}

describe('home and blogs journey', () => {
  it("the hero's words stand on a dark enough background in English and in Arabic, on a laptop, a tablet and a phone (the overlay follows the text's side)", async () => {
    const seen: Record<string, number> = {};
    for (const language of ['en', 'ar'] as const) {
      const context = await signedInContext(browser, portal, null, { language });
      const page = await context.newPage();
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await page.goto(portal.url);
      await page.locator('.hero__slide.is-active .hero__title').waitFor();
      await page.waitForLoadState('networkidle');
      // One load, the widths by resizing: a laptop, a tablet and a phone.
      for (const viewport of [{ width: 1280, height: 800 }, { width: 768, height: 1024 }, phone]) {
        await page.setViewportSize(viewport);
        for (const part of ['title', 'text'] as const) {
          seen[`${language} ${viewport.width}px ${part}`] =
            Math.round((await whiteTextContrastOver(page, `.hero__slide.is-active .hero__${part}`, '.hero__caption')) * 10) / 10;
        }
      }
      await context.close();
    }
    // 4.5:1, WCAG AA for body text, with the lightest pixel behind the words.
    expect(Object.entries(seen).filter(([, ratio]) => ratio < 4.5)).toEqual([]);
  });

  it("the page banner's title and breadcrumbs stand out from its gradient in English and in Arabic, on a laptop and a phone", async () => {
    const seen: Record<string, number> = {};
    for (const language of ['en', 'ar'] as const) {
      const context = await signedInContext(browser, portal, null, { language });
      const page = await context.newPage();
      await page.goto(`${portal.url}/blogs`);
      await page.locator('.page-banner__crumbs').waitFor();
      for (const viewport of [{ width: 1280, height: 800 }, phone]) {
        await page.setViewportSize(viewport);
        for (const part of ['title', 'crumbs'] as const) {
          seen[`${language} ${viewport.width}px ${part}`] =
            Math.round((await whiteTextContrastOver(page, `.page-banner__${part}`, '.page-banner .container')) * 10) / 10;
        }
      }
      await context.close();
    }
    // The breadcrumbs are small text: 4.5:1 (WCAG AA) against the lightest pixel behind them.
    expect(Object.entries(seen).filter(([, ratio]) => ratio < 4.5)).toEqual([]);
  });

  it('a guest sees every home section, jumps to the benefits and opens an article', async () => {
    const page = await (await newContext(browser)).newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(portal.url);
    await page.getByRole('heading', { name: 'Your health, our priority' }).waitFor();
    await page.getByRole('link', { name: 'Online pharmacy' }).waitFor();
    await page.locator('#benefits').getByText('Experienced specialists').waitFor();
    await page.getByRole('region', { name: 'Our top doctors' }).getByRole('heading', { name: 'Dr. Ahmed Hassan' }).first().waitFor();
    await page.getByRole('link', { name: '+20 2 3761 4400' }).first().waitFor();
    const latest = page.getByRole('region', { name: 'Latest articles' });
    await latest.getByRole('heading', { level: 3 }).first().waitFor();
    expect(await latest.getByRole('heading', { level: 3 }).allTextContents()).toEqual([
      'Screen time and your eyes',
      'How to use antibiotics responsibly',
      'Fever in children: when to worry',
    ]);
    await page.getByRole('region', { name: 'What our patients say' }).waitFor();
    // The carousel (jQuery + owl) arrives after the first paint and takes over the doctors row.
    await page.locator('.doctors-carousel .owl-loaded').waitFor({ timeout: 15_000 });
    await page.getByRole('button', { name: 'Next doctors' }).click();
    await scrollThrough(page);
    await expectAccessible(page, 'home');
    await screenshot(page, 'home-blogs-home-1280');

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About' }).click();
    await page.waitForFunction(
      () => {
        const box = document.getElementById('benefits')?.getBoundingClientRect();
        return box !== undefined && box.top >= 0 && box.top < window.innerHeight / 2;
      },
      undefined,
      { timeout: 5000 },
    );

    await latest.getByRole('link', { name: 'Fever in children: when to worry' }).click();
    await page.waitForURL(`${portal.url}/blogs/fever-in-children-when-to-worry`);
    await page.getByRole('heading', { level: 1, name: 'Fever in children: when to worry' }).waitFor();
    await page.getByText('03 comments').waitFor();
    await page.getByRole('button', { name: 'Share on WhatsApp' }).waitFor();
    await expectAccessible(page, 'blog');
    await screenshot(page, 'home-blogs-blog-1280');

    await page.goto(`${portal.url}/blogs/no-such-article`);
    await page.getByRole('alert').getByText('This blog post does not exist or was removed').waitFor();
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('the home page and blogs look finished on a phone', async () => {
    const page = await (await newContext(browser, 375, 800)).newPage();
    await page.goto(portal.url);
    await page.getByRole('region', { name: 'Latest articles' }).getByRole('heading', { level: 3 }).first().waitFor();
    await scrollThrough(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await screenshot(page, 'home-blogs-home-375');
    await page.goto(`${portal.url}/blogs`);
    await page.getByRole('heading', { level: 2, name: 'Screen time and your eyes' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectAccessible(page, 'blogs');
    await screenshot(page, 'home-blogs-list-375');
    await page.context().close();
  });

  it('a doctor publishes an article with a thumbnail and finds it in the list and on the home page', async () => {
    const page = await (await newContext(browser)).newPage();
    await loginThroughUi(page, portal, demo.doctor.email, demo.doctor.password);
    await page.getByRole('link', { name: 'Add Blog' }).click();
    await page.waitForURL(`${portal.url}/blog/create`);
    const title = `Walking after meals ${Date.now().toString(36)}`;
    await page.getByLabel('Title*').fill(title);
    const editor = page.getByRole('textbox', { name: 'Content*' });
    await editor.click();
    await page.getByRole('button', { name: 'Heading' }).click();
    await page.keyboard.type('Why it helps');
    // Enter after a heading starts a paragraph.
    await page.keyboard.press('Enter');
    await page.keyboard.type('A ten-minute walk after dinner ');
    await page.getByRole('button', { name: 'Bold' }).click();
    await page.keyboard.type('lowers blood sugar');
    await page.getByRole('button', { name: 'Bold' }).click();
    await page.keyboard.type('.');
    await page.getByLabel('Thumbnail*').setInputFiles({ name: 'walk.png', mimeType: 'image/png', buffer: png });
    await page.getByLabel('Category*').selectOption('nutrition');
    await page.getByLabel('Keywords').fill('walking sugar');
    await expectAccessible(page, 'blog create');
    await screenshot(page, 'home-blogs-create-1280');
    await page.getByRole('button', { name: 'Post' }).click();
    await page.getByText('You just added a new blog successfully').waitFor();

    await page.getByRole('link', { name: 'Go to the blogs' }).click();
    await page.waitForURL(`${portal.url}/blogs`);
    await page.getByRole('heading', { level: 2, name: title }).waitFor();
    expect(await page.locator('.blog-entry__title').first().textContent()).toBe(title);

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).click();
    const latest = page.getByRole('region', { name: 'Latest articles' });
    await latest.getByRole('link', { name: title }).click();
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    const content = page.locator('.blog-post__content');
    await content.locator('h2', { hasText: 'Why it helps' }).waitFor();
    expect(await content.innerHTML()).toMatch(/<(b|strong)>lowers blood sugar<\/(b|strong)>/);
    const loaded = await page.getByAltText(title).evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0);
    expect(loaded).toBe(true);
    await page.context().close();
  });
});
