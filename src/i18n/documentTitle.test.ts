import { showArabic, showEnglish } from '../testing/language';

describe('the document title', () => {
  afterEach(showEnglish);

  it('names the portal in the language shown, in the tab and the history', async () => {
    await showArabic();
    expect(document.title).toBe('عيادة وصيدلية النيل');
    await showEnglish();
    expect(document.title).toBe('Nile Clinic & Pharmacy');
  });
});
