import { de } from './catalogues/de.ts';
import { en, type Catalogue, type MessageId } from './catalogues/en.ts';
import { es } from './catalogues/es.ts';
import { fr } from './catalogues/fr.ts';
import { ja } from './catalogues/ja.ts';
import { ptBR } from './catalogues/pt-BR.ts';
import { zhCN } from './catalogues/zh-CN.ts';
import { PSEUDO_LANGUAGE, type Language, type ShownLanguage } from './languages.ts';
import { pseudoCatalogue } from './pseudo.ts';

/** Every language's catalogue, English first: the one the others are checked against. */
export const CATALOGUES: Readonly<Record<Language, Catalogue>> = {
  en,
  de,
  fr,
  es,
  'pt-BR': ptBR,
  ja,
  'zh-CN': zhCN,
};

/** The messages to show a language in. */
export function messagesFor(language: ShownLanguage): Catalogue {
  return language === PSEUDO_LANGUAGE ? pseudoCatalogue() : CATALOGUES[language];
}

/** Whether a text is one of the catalogues' message ids: how a schema names its sentences. */
export function isMessageId(text: string): text is MessageId {
  return Object.hasOwn(en, text);
}
