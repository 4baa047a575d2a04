import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import type { MessageId } from './catalogues/en.ts';
import en from './compiled/en.json' with { type: 'json' };
import type { ShownLanguage } from './languages.ts';

/** One language's messages as FormatJS compiled them (`npm run messages`): parsed already. */
export type CompiledCatalogue = Readonly<Record<MessageId, MessageFormatElement[]>>;

type Compiled = Promise<{ default: unknown }>;

/**
 * Every language but English, each read only when it is asked for: a process speaks one
 * language at a time, and parsing all eight at start cost the command line its first
 * moments. English is always here, the fallback of every other.
 */
const LOADERS: Readonly<Record<Exclude<ShownLanguage, 'en'>, () => Compiled>> = {
  de: () => import('./compiled/de.json', { with: { type: 'json' } }),
  fr: () => import('./compiled/fr.json', { with: { type: 'json' } }),
  es: () => import('./compiled/es.json', { with: { type: 'json' } }),
  'pt-BR': () => import('./compiled/pt-BR.json', { with: { type: 'json' } }),
  ja: () => import('./compiled/ja.json', { with: { type: 'json' } }),
  'zh-CN': () => import('./compiled/zh-CN.json', { with: { type: 'json' } }),
  'en-XA': () => import('./compiled/en-XA.json', { with: { type: 'json' } }),
};

const loaded = new Map<ShownLanguage, CompiledCatalogue>([['en', en]]);

/**
 * Reads `language`'s messages, once; the main process and the command line await it for the
 * language they choose before they say anything in it, so `messagesFor` stays synchronous.
 */
export async function loadMessages(language: ShownLanguage): Promise<void> {
  if (language === 'en' || loaded.has(language)) return;
  const compiled = await LOADERS[language]();
  loaded.set(language, compiled.default as CompiledCatalogue);
}

/**
 * The messages to show a language in, for the main process and the command line (the window
 * loads its own: LanguageProvider). One not read yet is asked for now and said in English
 * until it arrives: a sentence is never lost for want of its language.
 */
export function messagesFor(language: ShownLanguage): CompiledCatalogue {
  const messages = loaded.get(language);
  if (messages) return messages;
  void loadMessages(language);
  return en;
}

/** The languages whose messages this process has read, English first. */
export function loadedLanguages(): ShownLanguage[] {
  return [...loaded.keys()];
}
