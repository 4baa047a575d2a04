import { describe, expect, it } from 'vitest';
import { PSEUDO_LANGUAGE } from '../../src-shared/i18n/languages.ts';
import { textIntl } from '../../src-shared/i18n/text-intl.ts';
import { plainWords } from '../support/plain-words.ts';

describe('the one detector of English outside the catalogues', () => {
  const pseudo = textIntl(PSEUDO_LANGUAGE);

  it('finds no word in a catalogue message said in the pseudo-locale', () => {
    const sentence = pseudo.formatMessage({ id: 'core.app.maskEmpty' });
    expect(sentence).not.toBe('');
    expect(plainWords(sentence)).toEqual([]);
  });

  it('finds the English words written in code, two letters or more', () => {
    expect(plainWords('[Ŝàvéd] to the folder, a (b) OK')).toEqual(['to', 'the', 'folder', 'OK']);
  });

  it('leaves out the values a text names and pieces with a digit in them', () => {
    const said = 'Ŵŕîţţéñ harbour-2.png (12 MB) v0.0.0-e2e /tmp/cf-e2e-x/out for boats-at-dusk';
    expect(plainWords(said, ['boats-at-dusk'])).toEqual(['MB', 'for']);
  });
});
