import { generate } from 'otplib';
import type { Page } from 'playwright-core';
import {
  closeJourney,
  expectAccessible,
  loginThroughUi,
  newContext,
  openJourney,
  type Portal,
  registerAccount,
  screenshot,
  waitForMail,
  type JourneyBrowser,
} from './harness';

/**
 * With the embedded outbox (no SMTP_URL): a person verifies the email, resets a forgotten
 * password and turns on two-factor sign-in, then signs in with a code.
 */

let portal: Portal;
let browser: JourneyBrowser;
beforeAll(async () => ({ portal, browser } = await openJourney()));
afterAll(() => closeJourney({ portal, browser }));

/** The link of the newest mail to `to`, on the portal's own origin (the mail names PUBLIC_URL or localhost). */
async function followMailLink(page: Page, to: string, subject: string) {
  const mail = await waitForMail(portal, to, subject, 2_000);
  if (!mail.link) throw new Error(`the "${subject}" mail to ${to} has no link`);
  const link = new URL(mail.link);
  await page.goto(`${portal.url}${link.pathname}${link.hash}`);
}

describe('account security journey', () => {
  it('verifies the email from the outbox, resets a forgotten password, and signs in with two-factor', async () => {
    const account = { email: `journey.${Date.now().toString(36)}@example.test`, password: 'journey-password-1' };
    await registerAccount(portal, 'patient', account);
    const page = await (await newContext(browser)).newPage();

    // 1. Verify the email: the banner asks, the emailed link answers, the banner goes.
    await loginThroughUi(page, portal, account.email, account.password);
    const banner = page.getByRole('region', { name: 'Email verification' });
    await banner.getByText('Please verify your email address').waitFor();
    await expectAccessible(page, 'verify banner');
    await followMailLink(page, account.email, 'Verify your email');
    await page.getByText('Your email address is verified').waitFor();
    await expectAccessible(page, 'verify-email');
    await page.getByRole('link', { name: 'Continue to the portal' }).click();
    await page.waitForURL(`${portal.url}/`);
    await page.reload();
    await page.getByRole('button', { name: 'Account menu' }).waitFor();
    expect(await banner.count()).toBe(0);

    // 2. Forgot password, in a browser that is not signed in, on a phone-sized screen.
    const phone = await (await newContext(browser, 390, 844)).newPage();
    await phone.goto(`${portal.url}/account/login`);
    await phone.getByRole('link', { name: 'Forgot password?' }).click();
    await phone.getByLabel('Email').first().waitFor();
    await expectAccessible(phone, 'forgot-password');
    await phone.getByLabel(/^Email/).fill(account.email);
    await phone.getByRole('button', { name: 'Send the link' }).click();
    await phone.getByText('If an account uses this email').waitFor();
    await followMailLink(phone, account.email, 'Reset your password');
    await phone.getByLabel(/^New password/).fill('a-brand-new-password');
    await phone.getByLabel('Repeat the new password').fill('a-brand-new-password');
    await expectAccessible(phone, 'reset-password');
    await phone.getByRole('button', { name: 'Save the new password' }).click();
    await phone.getByText('Your password was changed and every session was signed out').waitFor();
    await screenshot(phone, 'account-reset-done');
    // The first browser's session ended with the reset.
    const stillIn = await fetch(`${portal.url}/api/auth/user`, {
      headers: { authorization: (await page.evaluate(() => localStorage.getItem('access-token'))) ?? '' },
    });
    expect(stillIn.status).toBe(401);

    // 3. Two-factor sign-in: set up in Settings → Security with the QR code's key, then sign in with a code.
    await loginThroughUi(page, portal, account.email, 'a-brand-new-password');
    await page.goto(`${portal.url}/settings/security`);
    await page.getByLabel('Current password').fill('a-brand-new-password');
    await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
    await page.getByRole('img', { name: 'QR code to add this account to an authenticator app' }).waitFor();
    await page.getByText('Signed in').first().waitFor();
    await expectAccessible(page, 'security settings');
    const secret = (await page.locator('code').first().textContent())?.trim() ?? '';
    await page.getByLabel('Code from the app').fill(await generate({ secret }));
    await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
    await page.getByText('Two-factor sign-in is on.', { exact: false }).first().waitFor();
    expect(await page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem').count()).toBe(10);
    await screenshot(page, 'account-two-factor-on');

    const fresh = await (await newContext(browser)).newPage();
    await fresh.goto(`${portal.url}/account/login`);
    await fresh.getByLabel(/password/i).waitFor();
    await fresh.getByLabel(/^email/i).fill(account.email);
    await fresh.getByLabel(/password/i).fill('a-brand-new-password');
    await fresh.getByLabel(/password/i).press('Enter');
    const codeInput = fresh.getByLabel('Authentication code');
    await codeInput.waitFor();
    await expectAccessible(fresh, 'two-factor step');
    // The code of the step used to turn it on is spent: the app's next code signs in.
    await codeInput.fill(await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 }));
    await codeInput.press('Enter');
    await fresh.waitForURL(`${portal.url}/`, { timeout: 15_000 });
    await fresh.getByRole('button', { name: 'Account menu' }).waitFor();

    // The sessions list shows both browsers; "sign out everywhere else" ends the first one.
    await fresh.goto(`${portal.url}/settings/security`);
    await fresh.getByText('This device').waitFor();
    await fresh.getByRole('button', { name: 'Sign out everywhere else' }).click();
    await fresh.getByText('other session was signed out').waitFor();
    const ended = await fetch(`${portal.url}/api/auth/user`, {
      headers: { authorization: (await page.evaluate(() => localStorage.getItem('access-token'))) ?? '' },
    });
    expect(ended.status).toBe(401);
  });
});
