import './all-languages.ts';
import type { MessageId } from '../../src-shared/i18n/catalogues/en.ts';
import type { ShownLanguage } from '../../src-shared/i18n/languages.ts';
import type { Say } from '../../src-shared/i18n/sentence.ts';
import { textIntl } from '../../src-shared/i18n/text-intl.ts';

/** One catalogue message as `language` says it, to compare the engine's words with. */
export function inLanguage(
  language: ShownLanguage,
  id: MessageId,
  values?: Record<string, string | number>,
): string {
  return textIntl(language).formatMessage({ id }, values);
}

/** A reader of `language`: says catalogue messages as the window in that language does. */
export const sayIn =
  (language: ShownLanguage): Say =>
  (id, values) =>
    textIntl(language).formatMessage({ id }, values);
