import { addEnglishTexts } from '../../i18n/featureTexts';
import texts from '../../i18n/locales/en/pharmacy.json';

// The pharmacist's tabs are lazily loaded: their English travels in their own chunk.
addEnglishTexts('pharmacy', texts);
