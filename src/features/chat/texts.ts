import { addEnglishTexts } from '../../i18n/featureTexts';
import texts from '../../i18n/locales/en/chat.json';

// The chat page is lazily loaded: its English travels in its own chunk (the navbar's chat link uses `common`).
addEnglishTexts('chat', texts);
