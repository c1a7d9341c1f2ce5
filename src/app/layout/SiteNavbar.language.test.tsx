import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setLanguage } from '../../i18n';
import { testUser } from '../../testing/handlers';
import { renderWithProviders, signedIn } from '../../testing/render';
import { server } from '../../testing/server';
import { SiteNavbar } from './SiteNavbar';

/** The navbar's language switch tells the server a signed-in person's choice (for her emails); a guest's stays local. */
describe('SiteNavbar language switch', () => {
  let saved: unknown[];
  let bellReads: number;
  beforeEach(() => {
    // jsdom loads no stylesheets: the RTL one is in place already, as after an earlier switch.
    const rtl = document.createElement('style');
    rtl.dataset.rtlStylesheet = '';
    document.head.append(rtl);
    saved = [];
    bellReads = 0;
    server.use(
      http.put('/api/users/me/language', async ({ request }) => {
        const body = (await request.json()) as { language: string };
        saved.push({ body, authorization: request.headers.get('authorization') });
        return HttpResponse.json({ message: 'Emails and notifications will now be in Arabic', language: body.language });
      }),
      http.get('/api/notifications', () => {
        bellReads += 1;
        return HttpResponse.json({ notifications: [], unread: 0 });
      }),
    );
  });
  afterEach(async () => {
    await setLanguage('en');
    localStorage.clear();
  });

  it('saves the new language on the server when signed in, then reads the bell again in it', async () => {
    localStorage.setItem('access-token', 'test-token');
    const { store } = renderWithProviders(<SiteNavbar />, { preloadedState: signedIn(testUser()) });
    await waitFor(() => expect(bellReads).toBe(1));
    await userEvent.click(screen.getByRole('button', { name: 'العربية' }));
    // The first switch downloads the Arabic texts.
    await screen.findByRole('button', { name: 'English' }, { timeout: 10_000 });
    await waitFor(() => expect(saved).toEqual([{ body: { language: 'ar' }, authorization: expect.any(String) }]));
    await waitFor(() => expect(store.getState().session.savedLanguage).toBe('ar'));
    await waitFor(() => expect(bellReads).toBe(2));
  });

  it('keeps a guest’s choice in the browser only', async () => {
    renderWithProviders(<SiteNavbar />);
    await userEvent.click(screen.getByRole('button', { name: 'العربية' }));
    await screen.findByRole('button', { name: 'English' }, { timeout: 10_000 });
    expect(localStorage.getItem('language')).toBe('ar');
    expect(saved).toEqual([]);
  });
});
