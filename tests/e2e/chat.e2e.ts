import type { Page } from 'playwright-core';
import {
  api,
  apiLogin,
  closeJourney,
  demo,
  expectAccessible,
  journeyBrowser,
  loginThroughUi,
  newContext,
  openJourney,
  screenshot,
  startPortal,
  type Portal,
  type JourneyBrowser,
} from './harness';

/**
 * A patient and her doctor chat in real time from two browsers: they see each other Online, each
 * message appears on the other side without reloading, an unread message shows on the navbar
 * badge, and the doctor sees Offline once the patient closes her page. With REDIS_URL set the same
 * journey runs with the two people on two server processes.
 */

const paneHeader = (page: Page, name: string) => page.getByRole('region', { name: `Conversation with ${name}` });
const messages = (page: Page) => page.getByRole('list', { name: 'Messages' });

async function sendThroughUi(page: Page, text: string, how: 'enter' | 'button') {
  const input = page.getByRole('textbox', { name: 'Type a message' });
  await input.fill(text);
  if (how === 'enter') await input.press('Enter');
  else await page.getByRole('button', { name: 'Send' }).click();
  await expectValue(page, '');
}

async function expectValue(page: Page, value: string) {
  await page.waitForFunction((v) => (document.querySelector('.chat-composer input') as HTMLInputElement | null)?.value === v, value, { timeout: 5_000 });
}

async function journey(browser: JourneyBrowser, patientPortal: Portal, doctorPortal: Portal, label: string) {
  const chats = await api(patientPortal, 'GET', 'chat', undefined, (await apiLogin(patientPortal, demo.patient.email, demo.patient.password)).token);
  const chatId: string = chats.body.chats[0]._id;

  const patientContext = await newContext(browser);
  const doctorContext = await newContext(browser);
  const patient = await patientContext.newPage();
  const doctor = await doctorContext.newPage();
  try {
    await loginThroughUi(patient, patientPortal, demo.patient.email, demo.patient.password);
    await loginThroughUi(doctor, doctorPortal, demo.doctor.email, demo.doctor.password);

    // The patient opens the chat page from the navbar icon and picks her doctor.
    await patient.getByRole('link', { name: /^Chat(, \d+ conversations? with unread messages)?$/ }).click();
    await patient.waitForURL(`${patientPortal.url}/chat`);
    await patient.getByText('You don’t have a message selected. Choose one from your existing messages, or start a new.').waitFor();
    expect(await patient.getByRole('textbox', { name: 'Type a message' }).count()).toBe(0);
    await patient.getByRole('button', { name: /Dr\. Ahmed Hassan/ }).click();
    await paneHeader(patient, 'Dr. Ahmed Hassan').waitFor();
    await messages(patient).getByText('Yes, take it as usual. See you then.').waitFor();
    expect(await messages(patient).locator('li.chat-message').count()).toBe(4);

    // Before the doctor opens the chat, her message shows on his navbar badge.
    const first = `Good evening doctor, my readings are ready (${label})`;
    await sendThroughUi(patient, first, 'enter');
    await messages(patient).locator('li.chat-message--own', { hasText: first }).waitFor();
    await doctor.getByTestId('chat-badge').getByText('1').waitFor({ timeout: 10_000 });
    await screenshot(doctor, `chat-${label}-doctor-badge`);

    // The doctor opens the conversation from his appointments table.
    await doctor.goto(`${doctorPortal.url}/settings/appointments`);
    await doctor.getByRole('link', { name: 'Chat with Sara Ali' }).first().click();
    await doctor.waitForURL(`${doctorPortal.url}/chat?chat=${chatId}`);
    await paneHeader(doctor, 'Sara Ali').waitFor();
    await messages(doctor).locator('li.chat-message:not(.chat-message--own)', { hasText: first }).waitFor();
    expect(await doctor.getByTestId('chat-badge').count()).toBe(0);

    // Both see each other online.
    await paneHeader(doctor, 'Sara Ali').getByText('Online', { exact: true }).waitFor();
    await paneHeader(patient, 'Dr. Ahmed Hassan').getByText('Online', { exact: true }).waitFor();

    // A reply arrives in real time on the patient's side, on the left.
    const reply = `Thank you Sara, they look fine (${label})`;
    await sendThroughUi(doctor, reply, 'button');
    await messages(patient).locator('li.chat-message:not(.chat-message--own)', { hasText: reply }).waitFor();
    await messages(doctor).locator('li.chat-message--own', { hasText: reply }).waitFor();
    // One character is not sent.
    await doctor.getByRole('textbox', { name: 'Type a message' }).fill('k');
    await doctor.getByRole('textbox', { name: 'Type a message' }).press('Enter');
    await expectValue(doctor, 'k');
    const stamp = await messages(patient).locator('li.chat-message', { hasText: reply }).locator('time').textContent();
    expect(stamp).toMatch(/^\d{1,2} [A-Z][a-z]{2} \d{4}, \d\d:\d\d$/);

    await expectAccessible(patient, `chat ${label} patient`);
    await expectAccessible(doctor, `chat ${label} doctor`);
    await screenshot(patient, `chat-${label}-patient`);
    await screenshot(doctor, `chat-${label}-doctor`);

    // The doctor's server restarts. With two processes the patient writes while he is away; either
    // way his page reconnects, goes online again and shows everything without a reload.
    const whileAway = `Are you back? (${label})`;
    await doctorPortal.stop();
    await doctor.getByText('Connection lost, reconnecting…').waitFor({ timeout: 10_000 });
    await paneHeader(doctor, 'Sara Ali').getByText('Offline', { exact: true }).waitFor();
    await screenshot(doctor, `chat-${label}-doctor-reconnecting`);
    if (patientPortal !== doctorPortal) {
      await paneHeader(patient, 'Dr. Ahmed Hassan').getByText('Offline', { exact: true }).waitFor({ timeout: 10_000 });
      await sendThroughUi(patient, whileAway, 'enter');
      await messages(patient).getByText(whileAway).waitFor();
    }
    await doctorPortal.restart();
    await paneHeader(patient, 'Dr. Ahmed Hassan').getByText('Online', { exact: true }).waitFor({ timeout: 30_000 });
    await paneHeader(doctor, 'Sara Ali').getByText('Online', { exact: true }).waitFor({ timeout: 30_000 });
    expect(await doctor.getByText('Connection lost, reconnecting…').count()).toBe(0);
    if (patientPortal !== doctorPortal) await messages(doctor).getByText(whileAway).waitFor({ timeout: 10_000 });
    const afterRestart = `Back after the restart (${label})`;
    await sendThroughUi(doctor, afterRestart, 'enter');
    await messages(patient).getByText(afterRestart).waitFor({ timeout: 10_000 });

    // The stored conversation survives a reload in the order it was written.
    await patient.reload();
    await paneHeader(patient, 'Dr. Ahmed Hassan').waitFor();
    await messages(patient).getByText(reply).waitFor();
    const texts = await messages(patient).locator('li.chat-message p').allTextContents();
    const expected = patientPortal !== doctorPortal ? [first, reply, whileAway, afterRestart] : [first, reply, afterRestart];
    expect(texts.slice(-expected.length)).toEqual(expected);

    // She closes her page: he sees her Offline.
    await patient.close();
    await paneHeader(doctor, 'Sara Ali').getByText('Offline', { exact: true }).waitFor({ timeout: 10_000 });
    await screenshot(doctor, `chat-${label}-doctor-after-close`);
  } finally {
    await patientContext.close();
    await doctorContext.close();
  }
}

describe('chat journey', () => {
  let portal: Portal;
  let browser: JourneyBrowser;

  beforeAll(async () => ({ portal, browser } = await openJourney()));
  afterAll(() => closeJourney({ portal, browser }));

  it('a patient and her doctor exchange messages in real time on one server', async () => {
    await journey(browser, portal, portal, 'one-process');
  });
});

const redisUrl = process.env.REDIS_URL;
if (!redisUrl) console.warn('chat across processes: SKIPPED. Set REDIS_URL to run the journey on two server processes.');

describe.skipIf(!redisUrl)('chat journey on two server processes with Redis (runs when REDIS_URL is set)', () => {
  let a: Portal;
  let b: Portal;
  let browser: JourneyBrowser;

  beforeAll(async () => {
    const env = { REDIS_URL: redisUrl ?? '' };
    a = await startPortal({ env });
    b = await startPortal({ env, shareWith: a });
    browser = await journeyBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await b?.dispose();
    await a?.dispose();
  });

  it('the patient on one process and the doctor on the other chat as if on one', async () => {
    await journey(browser, a, b, 'two-processes');
  });
});
