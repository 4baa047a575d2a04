/**
 * The product's terms and the one rendering each has in each language: what a translator
 * reads before writing a message, and what the glossary test holds every catalogue to.
 * A term is matched in a message by its English wording (`en`); where the English message
 * uses the term, the translation must not use any of the renderings listed in `not` (the ones
 * earlier catalogues mixed in or a translator would reach for), and, for the terms marked
 * `always`, must use the rendering (`forms` matches it with its inflections).
 */

export const TERMS = {
  watermark: /\bwatermark/i,
  mask: /\bmasks?\b/i,
  credit: /\bcredits?\b/i,
  round: /\brounds?\b/i,
  shot: /\bshots?\b/i,
  take: /\b(the|a|this|each|every|other|of) takes?\b|\btakes\b(?= (are|were|cannot|from))/i,
  referenceImage: /\breference images?\b/i,
  firstFrame: /\bfirst( and last)? frame\b/i,
  lastFrame: /\blast frame\b/i,
  demoMode: /\bdemo mode\b/i,
  keychain: /\bkeychain\b/i,
  budgetCap: /\bbudget cap\b/i,
  charged: /\bcharged\b/i,
  spent: /\bspent\b/i,
  provider: /\bprovider\b/i,
  clean: /\bclean(s|ed|ing)?\b/i,
  remove:
    /\bremove (project|shot|round)|^Remove…?$|^Remove \{name\}\?|\(removed\)|removed from the list/i,
  checkAgain: /\bCheck again\b/,
  sendAgain: /\bSend again\b/,
} as const;

export type Term = keyof typeof TERMS;

export type PartOfSpeech = 'noun' | 'verb' | 'participle' | 'phrase';

export interface Rendering {
  /** The rendering as a glossary shows it. */
  readonly rendering: string;
  readonly pos: PartOfSpeech;
  /** Grammatical gender, where the language has it and the term is a noun. */
  readonly gender?: 'm' | 'f' | 'n';
  /** The rendering and its inflections, as a case-insensitive pattern. */
  readonly forms: string;
  /** Renderings that are not this term's, as case-insensitive patterns. */
  readonly not?: readonly string[];
  /** Whether every message whose English uses the term uses this rendering. */
  readonly always?: boolean;
}

export type Glossary = Readonly<Record<Term, Rendering>>;
