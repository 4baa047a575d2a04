import type { MessageId } from '../../../src-shared/i18n/catalogues/en.ts';
import { chooseLanguage, type LanguageSetting } from '../../../src-shared/i18n/languages.ts';
import { textIntl } from '../../../src-shared/i18n/text-intl.ts';

/** One message of the catalogue, in the language of whoever reads it. */
export type Words = (id: MessageId, values?: Record<string, string | number>) => string;

/**
 * The words the shell says itself (menus, dialog titles, notifications, the update dialog)
 * in the window's language: the `language` setting as it is when they are said, else the
 * system's preferred languages, chosen as the window chooses.
 */
export function shellWords(
  setting: () => LanguageSetting,
  systemLanguages: readonly string[],
): Words {
  return (id, values) =>
    textIntl(chooseLanguage(setting(), systemLanguages)).formatMessage({ id }, values);
}
