import type { ShownLanguage } from '../../src-shared/i18n/languages.ts';
import type { CompiledCatalogue } from '../../src-shared/i18n/messages.ts';

/**
 * Each language's compiled messages as a chunk of its own, fetched when the window first
 * shows that language: the window carries one language's messages, not eight.
 */
const LOADERS: Readonly<Record<ShownLanguage, () => Promise<{ default: unknown }>>> = {
  en: () => import('../../src-shared/i18n/compiled/en.json'),
  de: () => import('../../src-shared/i18n/compiled/de.json'),
  fr: () => import('../../src-shared/i18n/compiled/fr.json'),
  es: () => import('../../src-shared/i18n/compiled/es.json'),
  'pt-BR': () => import('../../src-shared/i18n/compiled/pt-BR.json'),
  ja: () => import('../../src-shared/i18n/compiled/ja.json'),
  'zh-CN': () => import('../../src-shared/i18n/compiled/zh-CN.json'),
  'en-XA': () => import('../../src-shared/i18n/compiled/en-XA.json'),
};

const loaded = new Map<ShownLanguage, Promise<CompiledCatalogue>>();

/** One language's messages, loaded once. */
export function loadMessages(language: ShownLanguage): Promise<CompiledCatalogue> {
  let messages = loaded.get(language);
  if (!messages) {
    messages = LOADERS[language]().then((module) => module.default as CompiledCatalogue);
    loaded.set(language, messages);
  }
  return messages;
}
