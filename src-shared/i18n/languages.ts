/**
 * The interface languages and how one is chosen. The window and the command line both ask
 * `chooseLanguage` with the setting and what the operating system prefers.
 */

/** Every language with a catalogue, as BCP 47 tags; English owns the message ids. */
export const LANGUAGES = ['en', 'de', 'fr', 'es', 'pt-BR', 'ja', 'zh-CN'] as const;
export type Language = (typeof LANGUAGES)[number];

/**
 * English made longer and accented, with brackets around each message, generated from the
 * English catalogue: a layout that fits it fits a translation, and text without brackets
 * was never looked up in a catalogue. For tests and layout checks, not offered in the window.
 */
export const PSEUDO_LANGUAGE = 'en-XA';

/** What the `language` setting may hold: follow the system, one language, or the pseudo one. */
export const LANGUAGE_SETTINGS = ['system', ...LANGUAGES, PSEUDO_LANGUAGE] as const;
export type LanguageSetting = (typeof LANGUAGE_SETTINGS)[number];
/** A language the interface can be shown in. */
export type ShownLanguage = Language | typeof PSEUDO_LANGUAGE;

/** Each language's name in itself, as a language list shows it: data, not a translation. */
export const LANGUAGE_NAMES: Readonly<Record<Language, string>> = {
  en: 'English',
  de: 'Deutsch',
  fr: 'Français',
  es: 'Español',
  'pt-BR': 'Português (Brasil)',
  ja: '日本語',
  'zh-CN': '简体中文',
};

/** Scripts and regions whose readers would not want Simplified Chinese. */
const TRADITIONAL_CHINESE = /^zh-(hant|tw|hk|mo)\b/i;

/**
 * The one of our languages that serves a BCP 47 tag, or null: an exact match first, then
 * the language alone (any German is German, any Portuguese is Brazilian Portuguese, Chinese
 * in Simplified script or of mainland China or Singapore is Simplified Chinese).
 */
export function languageFor(tag: string): Language | null {
  // Some systems write locales the POSIX way, with underscores (zh_Hant_TW).
  const bcp47 = tag.replaceAll('_', '-');
  const exact = LANGUAGES.find((language) => language.toLowerCase() === bcp47.toLowerCase());
  if (exact) return exact;
  const base = bcp47.split('-')[0]?.toLowerCase() ?? '';
  if (base === 'zh') return TRADITIONAL_CHINESE.test(bcp47) ? null : 'zh-CN';
  if (base === 'pt') return 'pt-BR';
  return LANGUAGES.find((language) => language === base) ?? null;
}

/** The first preferred language we have, in the order the system gives them; else English. */
export function bestLanguage(preferred: readonly string[]): Language {
  for (const tag of preferred) {
    const found = languageFor(tag);
    if (found) return found;
  }
  return 'en';
}

/** The language to show: the one set, or the system's best match when it says "system". */
export function chooseLanguage(
  setting: LanguageSetting,
  preferred: readonly string[],
): ShownLanguage {
  return setting === 'system' ? bestLanguage(preferred) : setting;
}
