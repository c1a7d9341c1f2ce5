import { addEnglishTexts } from '../../i18n/featureTexts';
import texts from '../../i18n/locales/en/security.json';

// The password, email-link and security-settings pages are lazily loaded: their English travels with them.
addEnglishTexts('security', texts);
