import { de } from './catalogues/de.ts';
import { en, type Catalogue } from './catalogues/en.ts';
import { es } from './catalogues/es.ts';
import { fr } from './catalogues/fr.ts';
import { ja } from './catalogues/ja.ts';
import { ptBR } from './catalogues/pt-BR.ts';
import { zhCN } from './catalogues/zh-CN.ts';
import type { Language } from './languages.ts';

/**
 * Every language's catalogue as translators write it, English first: the one the others are
 * checked against. The app loads these compiled (messages.ts); the compiler and the tests
 * that read the words themselves start here.
 */
export const CATALOGUES: Readonly<Record<Language, Catalogue>> = {
  en,
  de,
  fr,
  es,
  'pt-BR': ptBR,
  ja,
  'zh-CN': zhCN,
};
