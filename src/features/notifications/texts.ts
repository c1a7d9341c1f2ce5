import { addEnglishTexts } from '../../i18n/featureTexts';
import texts from '../../i18n/locales/en/notifications.json';

// The bell and the settings tab register their own English; the settings tab is lazily loaded.
addEnglishTexts('notifications', texts);
