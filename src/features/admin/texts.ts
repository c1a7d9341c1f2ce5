import { addEnglishTexts } from '../../i18n/featureTexts';
import texts from '../../i18n/locales/en/admin.json';

// The console's English travels in its own chunk; importing this module registers it.
addEnglishTexts('admin', texts);
