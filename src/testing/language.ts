import { cleanup, waitFor } from '@testing-library/react';
import { setLanguage } from '../i18n';

/**
 * Shows the portal in Arabic, as the navbar's switch does. jsdom never loads stylesheets, so the
 * RTL stylesheet's load event (which the switch waits for) is fired here by hand.
 */
export async function showArabic(): Promise<void> {
  const switching = setLanguage('ar', false);
  const link = await waitFor(() => {
    const inserted = document.querySelector<HTMLLinkElement>('link[data-rtl-stylesheet]');
    if (!inserted) throw new Error('The RTL stylesheet was not inserted');
    return inserted;
  });
  link.dispatchEvent(new Event('load'));
  await switching;
}

/**
 * Back to English for the tests that follow (an `afterEach`). The rendered page goes first: a test
 * file's own hooks run before the setup's cleanup, and a mounted page would re-render outside act.
 */
export function showEnglish(): Promise<void> {
  cleanup();
  return setLanguage('en', false);
}
