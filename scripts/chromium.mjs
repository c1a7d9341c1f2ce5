/** Debian's Chromium, unless CHROME_PATH names another. */
export const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';

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
