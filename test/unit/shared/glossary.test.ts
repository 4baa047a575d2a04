import { describe, expect, it } from 'vitest';
import { en, type Catalogue, type MessageId } from '../../../src-shared/i18n/catalogues/en.ts';
import { GLOSSARIES } from '../../../src-shared/i18n/glossary/glossaries.ts';
import { TERMS, type Glossary, type Term } from '../../../src-shared/i18n/glossary/terms.ts';
import { CATALOGUES } from '../../../src-shared/i18n/sources.ts';

const ids = Object.keys(en) as MessageId[];
const pattern = (source: string) => new RegExp(source, 'iu');

/** Where a catalogue renders a glossary term otherwise than its glossary says. */
function offGlossary(glossary: Glossary, catalogue: Catalogue): string[] {
  const found: string[] = [];
  for (const id of ids) {
    for (const term of Object.keys(TERMS) as Term[]) {
      if (!TERMS[term].test(en[id])) continue;
      const { forms, not = [], always = false } = glossary[term];
      // A value's name or a command-line option is the code's, not a rendering.
      const message = catalogue[id].replace(/\{\w+\}|--[\w-]+/g, '');
      for (const other of not) {
        const seen = pattern(other).exec(message);
        if (seen) found.push(`${id}: ${term} as "${seen[0]}"`);
      }
      if (always && !pattern(forms).test(message)) found.push(`${id}: ${term} not as "${forms}"`);
    }
  }
  return found;
}

describe('the glossaries', () => {
  it.each(Object.keys(GLOSSARIES) as (keyof typeof GLOSSARIES)[])(
    '%s renders every glossary term the one way its glossary says',
    (language) => {
      expect(offGlossary(GLOSSARIES[language], CATALOGUES[language])).toEqual([]);
    },
  );

  it('finds a term written another way, and a button named otherwise', () => {
    const planted = {
      ...CATALOGUES.de,
      'project.addShot': 'Einstellung hinzufügen',
      'core.api.download': 'Nutzen Sie „Erneut prüfen“.',
    };
    expect(offGlossary(GLOSSARIES.de, planted)).toEqual([
      'project.addShot: shot as "Einstellung"',
      'core.api.download: checkAgain as "Erneut prüfen"',
      'core.api.download: checkAgain not as "Erneut nachfragen"',
    ]);
  });
});
