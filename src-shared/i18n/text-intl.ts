import { createIntl, createIntlCache, type IntlShape, type OnErrorFn } from '@formatjs/intl';
import type { ShownLanguage } from './languages.ts';
import { messagesFor } from './messages.ts';

const cache = createIntlCache();

/**
 * Messages and formats of one language for text outside React: the main process's words
 * to the user and the command line's output. The window uses react-intl's provider instead.
 * `onError` hears a message that cannot be formatted (its English or its id is shown).
 */
export function textIntl(language: ShownLanguage, onError?: OnErrorFn): IntlShape {
  return createIntl(
    {
      locale: language,
      defaultLocale: 'en',
      messages: messagesFor(language),
      ...(onError ? { onError } : {}),
    },
    cache,
  );
}
