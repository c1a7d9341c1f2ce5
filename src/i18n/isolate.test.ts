import { isolateValue } from './isolate';
import { i18n } from './index';
import { showArabic, showEnglish } from '../testing/language';

const FSI = '\u2068';
const PDI = '\u2069';

describe('values put inside a translated sentence', () => {
  afterEach(showEnglish);

  it('isolates a value written in the other direction than the page', () => {
    expect(isolateValue('Out of stock.', 'ar')).toBe(`${FSI}Out of stock.${PDI}`);
    expect(isolateValue('نفدت الكمية.', 'en')).toBe(`${FSI}نفدت الكمية.${PDI}`);
    expect(isolateValue('אזל מהמלאי', 'en')).toBe(`${FSI}אזל מהמלאי${PDI}`);
    // Mixed: the isolate takes the direction of its own first letter.
    expect(isolateValue('بانادول Extra', 'ar')).toBe(`${FSI}بانادول Extra${PDI}`);
    // Digits 0–9 after Arabic words would count as Arabic numbers and put the dollar sign after them.
    expect(isolateValue('$12.00', 'ar')).toBe(`${FSI}$12.00${PDI}`);
  });

  it('leaves alone a value in the page direction, or with no letters of either direction', () => {
    expect(isolateValue('Out of stock.', 'en')).toBe('Out of stock.');
    expect(isolateValue('نفدت الكمية.', 'ar')).toBe('نفدت الكمية.');
    expect(isolateValue('١٢:٣٠', 'ar')).toBe('١٢:٣٠');
    expect(isolateValue('12:30', 'en')).toBe('12:30');
    expect(isolateValue(3, 'ar')).toBe(3);
    expect(isolateValue(undefined, 'ar')).toBeUndefined();
  });

  it('is applied by every translation, in the language shown', async () => {
    expect(i18n.t('orders:refused', { reason: 'The code does not match.' })).toBe('Refused by the pharmacy: The code does not match.');
    await showArabic();
    expect(i18n.t('orders:refused', { reason: 'The code does not match.' })).toBe(`رفضته الصيدلية: ${FSI}The code does not match.${PDI}`);
    expect(i18n.t('orders:refused', { reason: 'الكود غير مطابق.' })).toBe('رفضته الصيدلية: الكود غير مطابق.');
  });
});
