import { useState } from 'react';
import { currentLanguage, languages, setLanguage, useTranslation, type Language } from '.';

/**
 * The navbar's language button: it names the other language in that language ("العربية" on English
 * pages, "English" on Arabic ones), so a reader who does not know the current one still finds hers.
 * `onSwitched` runs once the page shows the new language (the navbar tells the server, when signed in).
 */
export function LanguageSwitch({ onSwitched }: { onSwitched?: (language: Language) => unknown } = {}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const other = languages.find((l) => l.code !== currentLanguage()) ?? languages[0];
  return (
    <button
      type="button"
      className="btn btn-outline-primary btn-sm site-navbar__language"
      lang={other.code}
      title={t('language.switchTo', { lng: other.code })}
      disabled={busy}
      onClick={() => {
        setBusy(true);
        void setLanguage(other.code)
          .then(() => onSwitched?.(other.code))
          .finally(() => setBusy(false));
      }}
    >
      {other.name}
    </button>
  );
}
