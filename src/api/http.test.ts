import { http as mock, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../i18n';
import { server } from '../testing/server';
import { http } from './http';

/** Answers with the Accept-Language the request carried. */
function echoLanguage() {
  server.use(mock.get('/api/language-probe', ({ request }) => HttpResponse.json({ language: request.headers.get('accept-language') })));
}

describe('the HTTP client', () => {
  // The switch's last step (setLanguage's stylesheet swap needs a real browser; tests/e2e covers it).
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('asks the server for English while the SPA shows English', async () => {
    echoLanguage();
    expect((await http.get('/language-probe')).data.language).toBe('en');
  });

  it('asks for Arabic once the SPA switched to Arabic, so server messages come in Arabic', async () => {
    echoLanguage();
    await i18n.changeLanguage('ar');
    expect((await http.get('/language-probe')).data.language).toBe('ar');
    await i18n.changeLanguage('en');
    expect((await http.get('/language-probe')).data.language).toBe('en');
  });
});
