import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import type { MessageId } from './catalogues/en.ts';
import de from './compiled/de.json' with { type: 'json' };
import enXA from './compiled/en-XA.json' with { type: 'json' };
import en from './compiled/en.json' with { type: 'json' };
import es from './compiled/es.json' with { type: 'json' };
import fr from './compiled/fr.json' with { type: 'json' };
import ja from './compiled/ja.json' with { type: 'json' };
import ptBR from './compiled/pt-BR.json' with { type: 'json' };
import zhCN from './compiled/zh-CN.json' with { type: 'json' };
import type { ShownLanguage } from './languages.ts';

/** One language's messages as FormatJS compiled them (`npm run messages`): parsed already. */
export type CompiledCatalogue = Readonly<Record<MessageId, MessageFormatElement[]>>;

const COMPILED = {
  en,
  de,
  fr,
  es,
  'pt-BR': ptBR,
  ja,
  'zh-CN': zhCN,
  'en-XA': enXA,
} as unknown as Readonly<Record<ShownLanguage, CompiledCatalogue>>;

/**
 * The messages to show a language in, for the main process and the command line, which load
 * every language at once (the window loads only the one it shows: LanguageProvider).
 */
export function messagesFor(language: ShownLanguage): CompiledCatalogue {
  return COMPILED[language];
}
