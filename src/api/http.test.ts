import { http as mock, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../i18n';
import { showArabic, showEnglish } from '../testing/language';
import { server } from '../testing/server';
import { http, messageOf } from './http';

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

  describe('when the server gave no words', () => {
    afterEach(showEnglish);
    const failure = (request: Promise<unknown>) => request.then(() => 'answered', messageOf);

    it('says the portal cannot be reached, or that something went wrong, in the language shown', async () => {
      server.use(
        mock.get('/api/unreachable', () => HttpResponse.error()),
        mock.get('/api/proxy-error', () => new HttpResponse('<html>Bad gateway</html>', { status: 502, headers: { 'Content-Type': 'text/html' } })),
      );
      expect(await failure(http.get('/unreachable'))).toBe('The portal cannot be reached; check your connection and try again');
      expect(await failure(http.get('/proxy-error'))).toBe('Something went wrong, please try again');
      await showArabic();
      expect(await failure(http.get('/unreachable'))).toBe('تعذّر الوصول إلى البوابة؛ تحقّق من اتصالك بالإنترنت وحاول مرة أخرى');
      expect(await failure(http.get('/proxy-error'))).toBe('حدث خطأ ما، يُرجى المحاولة مرة أخرى');
    });
  });
});
