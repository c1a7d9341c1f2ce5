import { addEnglishTexts } from '../../i18n/featureTexts';
import texts from '../../i18n/locales/en/prescriptions.json';

// Prescriptions are lazily loaded pages and dialogs: their English travels in their own chunk.
addEnglishTexts('prescriptions', texts);
