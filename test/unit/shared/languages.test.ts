import { describe, expect, it } from 'vitest';
import { bestLanguage, chooseLanguage, languageFor } from '../../../src-shared/i18n/languages.ts';

describe('choosing the interface language', () => {
  it.each([
    ['de-AT', 'de'],
    ['DE', 'de'],
    ['fr_CA', 'fr'],
    ['es-419', 'es'],
    ['pt', 'pt-BR'],
    ['pt-PT', 'pt-BR'],
    ['pt-BR', 'pt-BR'],
    ['zh', 'zh-CN'],
    ['zh-Hans', 'zh-CN'],
    ['zh-Hans-SG', 'zh-CN'],
    ['zh-CN', 'zh-CN'],
    ['ja-JP', 'ja'],
    ['en-GB', 'en'],
  ])('serves %s in %s', (tag, language) => {
    expect(languageFor(tag)).toBe(language);
  });

  it.each(['zh-Hant', 'zh-TW', 'zh-HK', 'zh_Hant_TW', 'ko-KR', 'nl', ''])(
    'has nothing for %j',
    (tag) => {
      expect(languageFor(tag)).toBeNull();
    },
  );

  it('takes the first preferred language it has, else English', () => {
    expect(bestLanguage(['zh-TW', 'ja-JP', 'en-US'])).toBe('ja');
    expect(bestLanguage(['ko-KR', 'nl-NL'])).toBe('en');
    expect(bestLanguage([])).toBe('en');
  });

  it('follows the system unless a language is set', () => {
    expect(chooseLanguage('system', ['fr-FR'])).toBe('fr');
    expect(chooseLanguage('de', ['fr-FR'])).toBe('de');
    expect(chooseLanguage('en-XA', ['fr-FR'])).toBe('en-XA');
  });
});
