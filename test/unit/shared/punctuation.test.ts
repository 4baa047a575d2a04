import { describe, expect, it } from 'vitest';
import type { Language } from '../../../src-shared/i18n/languages.ts';
import { CATALOGUES } from '../../../src-shared/i18n/sources.ts';

/**
 * Each language's own punctuation in its sentences. A command's usage text is layout, and a
 * JSON example is code the user types: both keep ASCII signs.
 */
const layout = (id: string) => id.endsWith('.usage');
const withoutCode = (message: string) =>
  message.replace(/'\{'.*?'\}'/gs, '').replace(/\["[^\]]*\]/g, '');

/** Japanese or Chinese writing: kana, CJK ideographs and full-width forms. */
const WIDE = /[\u3000-\u30ff\u3400-\u9fff\uff00-\uffef]/u;

const RULES: Partial<Record<Language, (message: string) => string[]>> = {
  ja: wideSigns,
  'zh-CN': wideSigns,
  fr: frenchSpaces,
  de: germanQuotes,
};

/** A colon ending a phrase, and parentheses that touch the writing, are full-width. */
function wideSigns(message: string): string[] {
  const found: string[] = [];
  // After a word in the language, a value or a closing sign; not after a program name
  // ("clearframe: …") or an option ("--force: …"), which are ASCII themselves.
  for (const match of message.matchAll(/([^\x20-\x7e]|[})」）]):(\s|$)/gu))
    found.push(`ASCII colon after "${match[1]}"`);
  for (const match of message.matchAll(/[()]/g)) {
    const around = message.slice(Math.max(0, match.index - 1), match.index + 2);
    if (WIDE.test(around)) found.push(`ASCII parenthesis in "${around}"`);
  }
  return found;
}

/** One kind of no-break space (U+00A0) before ; : ! ? and inside « », never none. */
function frenchSpaces(message: string): string[] {
  const found: string[] = [];
  if (message.includes('\u202f')) found.push('a narrow no-break space (U+202F)');
  for (const match of message.matchAll(/([^\s\u00a0\d'])([;:!?])(\s|$)/gu))
    found.push(`no space in "${match[1]}${match[2]}"`);
  if (/«(?!\u00a0)|(?<!\u00a0)»/u.test(message)) found.push('« » without a no-break space');
  return found;
}

/** German quotes open low and close high: „…“. */
function germanQuotes(message: string): string[] {
  const found: string[] = [];
  if (/"[^"]*"/.test(message)) found.push('ASCII quotes');
  if (/“[^“„]*”/.test(message)) found.push('English quotes “…”');
  return found;
}

function offPunctuation(language: Language, catalogue: Record<string, string>): string[] {
  const rule = RULES[language];
  if (!rule) return [];
  return Object.entries(catalogue)
    .filter(([id]) => !layout(id))
    .flatMap(([id, message]) => rule(withoutCode(message)).map((problem) => `${id}: ${problem}`));
}

describe('punctuation', () => {
  it.each(['ja', 'zh-CN', 'fr', 'de'] as const)('%s follows its own punctuation', (language) => {
    expect(offPunctuation(language, CATALOGUES[language])).toEqual([]);
  });

  it('finds a half-width colon, a stray parenthesis, a narrow space and English quotes', () => {
    expect(offPunctuation('ja', { 'jobs.waiting': '待機中: {reason}' })).toEqual([
      'jobs.waiting: ASCII colon after "中"',
    ]);
    expect(offPunctuation('zh-CN', { 'scrub.from': '开始 (秒)' })).toEqual([
      'scrub.from: ASCII parenthesis in " (秒"',
      'scrub.from: ASCII parenthesis in "秒)"',
    ]);
    expect(offPunctuation('fr', { 'a.b': 'Coûte\u202f: 1', 'a.c': 'Prêt ?' })).toEqual([
      'a.b: a narrow no-break space (U+202F)',
    ]);
    expect(offPunctuation('fr', { 'a.b': 'Prêt: oui' })).toEqual(['a.b: no space in "t:"']);
    expect(offPunctuation('de', { 'a.b': 'Wählen Sie “Erneut senden”.' })).toEqual([
      'a.b: English quotes “…”',
    ]);
    expect(offPunctuation('de', { 'a.b': 'Das Feld "x".' })).toEqual(['a.b: ASCII quotes']);
  });

  it('leaves usage texts and JSON examples alone', () => {
    expect(offPunctuation('ja', { 'cli.x.usage': '使い方: clearframe' })).toEqual([]);
    expect(offPunctuation('de', { 'a.b': 'etwa \'{\'"prompt": "Möwen"\'}\'' })).toEqual([]);
  });
});
