import type { FormatterModule } from 'i18next';
import { isolateAgainst } from '../../shared/bidi-isolate';
import { languageInfo, type Language } from './languages';

/**
 * A value put inside a translated sentence (a reason, a name, a product): a string written in the
 * other direction than the language shown is isolated (shared/bidi-isolate.ts); numbers and
 * everything else pass as they are.
 */
export function isolateValue<T>(value: T, language: string | undefined): T | string {
  return typeof value === 'string' ? isolateAgainst(value, languageInfo(language as Language).dir) : value;
}

/**
 * i18next's formatter, replaced so that every interpolated value passes through isolateValue
 * (`alwaysFormat`) and no sentence can forget it. The portal formats numbers, prices and dates
 * itself before passing them, so named formats (`{{price, currency}}`) are not offered; the message
 * files' test keeps them out.
 */
export const isolatingFormatter: FormatterModule = {
  type: 'formatter',
  init: () => undefined,
  add: refuseNamedFormat,
  addCached: refuseNamedFormat,
  format: (value, format, language) => {
    if (format) refuseNamedFormat(format);
    return isolateValue(value, language);
  },
};

function refuseNamedFormat(name: string): never {
  throw new Error(`Named formats such as "${name}" are not used: format the value before passing it`);
}
