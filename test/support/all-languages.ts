import { LANGUAGES, PSEUDO_LANGUAGE, type ShownLanguage } from '../../src-shared/i18n/languages.ts';
import { loadMessages } from '../../src-shared/i18n/messages.ts';

// Tests speak every language in one process, where the app and the command line speak one:
// each is read before any test runs, so `textIntl` has it at once.
const every: readonly ShownLanguage[] = [...LANGUAGES, PSEUDO_LANGUAGE];
await Promise.all(every.map((language) => loadMessages(language)));
