import { addEnglishTexts } from '../../i18n/featureTexts';
import texts from '../../i18n/locales/en/history.json';

// The medical history's English travels in its own chunk; importing this module registers it.
addEnglishTexts('history', texts);
