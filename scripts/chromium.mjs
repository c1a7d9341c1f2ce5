import { existsSync } from 'node:fs';

/** Debian's Chromium, unless CHROME_PATH names another. */
export const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';

/**
 * The Chromium the journeys drive: CHROME_PATH when set, else Debian's chromium-headless-shell when
 * installed, else Debian's Chromium. The headless shell is the same Chromium build (Blink, V8 and the
 * network stack of the `chromium` package's version) without the desktop browser around the pages,
 * which the journeys never look at; on the 2-core machine it did the phone-screens journey with 28%
 * less CPU (126 against 174 core-seconds). The web benchmark keeps the full browser, as people use it.
 */
export const journeyChromePath =
  process.env.CHROME_PATH ?? ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((candidate) => existsSync(candidate)) ?? '/usr/bin/chromium';

/**
 * The switches every headless Chromium of the journeys and the web benchmark starts with: no
 * sandbox (containers have none to give) and no GPU, and none of Chromium's own traffic (QUIC,
 * updates, sync, first-run pages) beside the portal's.
 */
export const quietChromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
