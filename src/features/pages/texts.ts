import { addEnglishTexts } from '../../i18n/featureTexts';
import texts from '../../i18n/locales/en/pages.json';

// The about and contact pages are lazily loaded: their English travels with them.
addEnglishTexts('pages', texts);
