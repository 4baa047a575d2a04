import type { IntlShape } from '@formatjs/intl';
import type { MessageId } from '../../../src-shared/i18n/catalogues/en.ts';
import type { ShownLanguage } from '../../../src-shared/i18n/languages.ts';
import { sayAgain, type Sentence } from '../../../src-shared/i18n/sentence.ts';
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

/**
 * A catalogue message and its values, kept as they are rather than worded: what an error or a
 * stored failure carries, so it is said in the reader's language when it is read. A value
 * may itself be one (a reason inside a sentence), said in the same language.
 */
export interface Wording {
  id: MessageId;
  values?: Record<string, string | number | Wording>;
}

/** `wording` in the engine's language now; null when this version does not know a message it names. */
export function wordNow(wording: Sentence): string | null {
  return sayAgain((id, values) => coreIntl().formatMessage({ id }, values), wording);
}

/** One of the engine's sentences, from the catalogue, in the language set. */
export function said(id: MessageId, values?: Record<string, string | number>): string {
  return coreIntl().formatMessage({ id }, values);
}
