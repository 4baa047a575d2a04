import {
  chooseLanguage,
  type LanguageSetting,
  type ShownLanguage,
} from '../../../src-shared/i18n/languages.ts';

/**
 * The language a POSIX environment asks messages in, as a BCP 47 tag, or none: the first
 * set of LC_ALL, LC_MESSAGES and LANG (the order the C library reads them in), without its
 * encoding and modifier (`de_DE.UTF-8@euro` is `de-DE`). `C` and `POSIX` ask for the
 * untranslated messages, which are English.
 */
export function posixLanguages(env: Readonly<Record<string, string | undefined>>): string[] {
  const locale = [env['LC_ALL'], env['LC_MESSAGES'], env['LANG']].find((value) => value);
  if (!locale) return [];
  const [tag = ''] = locale.split(/[.@]/);
  if (tag === 'C' || tag === 'POSIX' || tag === '') return ['en'];
  return [tag.replaceAll('_', '-')];
}

/**
 * The language of the command line and other text the main process writes outside a window:
 * the `language` setting, as the window reads it, else what the environment's locale asks.
 */
export function textLanguage(
  setting: LanguageSetting,
  env: Readonly<Record<string, string | undefined>>,
): ShownLanguage {
  return chooseLanguage(setting, posixLanguages(env));
}
