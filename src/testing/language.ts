import { cleanup, waitFor } from '@testing-library/react';
import { expect } from 'vitest';
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
export async function showEnglish(): Promise<void> {
  try {
    expectSentencesInPageDirection();
  } finally {
    cleanup();
    await setLanguage('en', false);
  }
}

/**
 * A translated sentence with a value isolated inside it (shared/bidi-isolate.ts) must take the page's
 * direction. Under dir="auto" a browser takes the direction of the first letter, isolated or not
 * (HTML's rule does not skip isolates), so an Arabic sentence starting with an English name would read
 * left to right. Checked on what an Arabic test leaves on screen, before it switches back to English
 * (in English such values are not isolated).
 */
export function expectSentencesInPageDirection(): void {
  const underAutoDirection = [...document.querySelectorAll('[dir="auto"]')]
    .map((element) => element.textContent ?? '')
    .filter((text) => /[\u2066-\u2069]/.test(text));
  expect(underAutoDirection, 'translated sentences inside dir="auto"').toEqual([]);
}
