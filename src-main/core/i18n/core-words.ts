import type { IntlShape } from '@formatjs/intl';
import type { MessageId } from '../../../src-shared/i18n/catalogues/en.ts';
import type { ShownLanguage } from '../../../src-shared/i18n/languages.ts';
import { textIntl } from '../../../src-shared/i18n/text-intl.ts';

/**
 * The language the engine's own sentences (errors, notices, reasons) are said in: English
 * until the app or the command line says otherwise. A function, so the app's answer
 * follows the `language` setting as it changes.
 */
let language: () => ShownLanguage = () => 'en';

/** Says the engine's sentences in `source()`'s language from now on. */
export function speakCoreIn(source: () => ShownLanguage): void {
  language = source;
}

/** The formatter for money, sizes and dates inside the engine's sentences. */
export function coreIntl(): IntlShape {
  return textIntl(language());
}

/** One of the engine's sentences, from the catalogue, in the language set. */
export function said(id: MessageId, values?: Record<string, string | number>): string {
  return coreIntl().formatMessage({ id }, values);
}
