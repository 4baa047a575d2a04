import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import { en, type MessageId } from '../../../src-shared/i18n/catalogues/en.ts';
import { LANGUAGES, PSEUDO_LANGUAGE } from '../../../src-shared/i18n/languages.ts';
import { CATALOGUES, messagesFor } from '../../../src-shared/i18n/messages.ts';
import { textIntl } from '../../../src-shared/i18n/text-intl.ts';

/**
 * What a message asks of the code: each value by name and kind, the choices of each select
 * (a translation may not invent or drop one: the code passes exactly those), and each tag.
 * Plural choices are the language's own (Japanese has only "other"), so only their
 * argument is compared.
 */
function contract(
  elements: readonly MessageFormatElement[],
  into = new Set<string>(),
): Set<string> {
  for (const element of elements) {
    switch (element.type) {
      case TYPE.argument:
        into.add(`${element.value}: value`);
        break;
      case TYPE.number:
      case TYPE.date:
      case TYPE.time:
        into.add(`${element.value}: ${TYPE[element.type]}`);
        break;
      case TYPE.plural:
        into.add(`${element.value}: plural`);
        for (const option of Object.values(element.options)) contract(option.value, into);
        break;
      case TYPE.select:
        into.add(`${element.value}: select ${Object.keys(element.options).sort().join('|')}`);
        for (const option of Object.values(element.options)) contract(option.value, into);
        break;
      case TYPE.tag:
        into.add(`<${element.value}>`);
        contract(element.children, into);
        break;
      default:
        break;
    }
  }
  return into;
}

/** Values that satisfy a message's contract, so that it can be formatted in a test. */
function sampleValues(
  message: string,
  text = (name: string) => `«${name}»`,
): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const entry of contract(parse(message))) {
    if (entry.startsWith('<')) {
      values[entry.slice(1, -1)] = (chunks: string[]) => chunks.join('');
      continue;
    }
    const [name = '', kind = ''] = entry.split(': ');
    values[name] = kind === 'value' ? text(name) : kind.startsWith('select') ? 'true' : 2;
  }
  return values;
}

const ids = Object.keys(en) as MessageId[];

describe('the message catalogues', () => {
  it.each(LANGUAGES.filter((language) => language !== 'en'))(
    '%s has every English id and no other',
    (language) => {
      expect(Object.keys(CATALOGUES[language]).sort()).toEqual([...ids].sort());
    },
  );

  it.each(LANGUAGES)(
    '%s: every message parses and asks for what the English one does',
    (language) => {
      const catalogue = CATALOGUES[language];
      for (const id of ids) {
        const message = catalogue[id];
        expect(message.trim(), `${language} ${id} is empty`).not.toBe('');
        let ast: MessageFormatElement[] = [];
        expect(() => (ast = parse(message)), `${language} ${id} does not parse`).not.toThrow();
        expect([...contract(ast)].sort(), `${language} ${id}`).toEqual(
          [...contract(parse(en[id]))].sort(),
        );
      }
    },
  );

  it.each(LANGUAGES)(
    '%s: every plural has the "other" choice its language falls back to',
    (language) => {
      const check = (elements: readonly MessageFormatElement[], id: string) => {
        for (const element of elements) {
          if (element.type === TYPE.plural || element.type === TYPE.select) {
            expect(Object.keys(element.options), `${language} ${id}`).toContain('other');
            for (const option of Object.values(element.options)) check(option.value, id);
          }
          if (element.type === TYPE.tag) check(element.children, id);
        }
      };
      for (const id of ids) check(parse(CATALOGUES[language][id]), id);
    },
  );

  it.each([...LANGUAGES, PSEUDO_LANGUAGE] as const)(
    '%s: every message formats without an error',
    (language) => {
      const errors: string[] = [];
      const intl = textIntl(language, (error) => errors.push(error.message));
      for (const id of ids) {
        const text = intl.formatMessage({ id }, sampleValues(en[id]) as Record<string, string>);
        expect(String(text)).not.toBe(id);
      }
      expect(errors).toEqual([]);
    },
  );

  it('writes plurals by the language’s own rules', () => {
    const say = (language: (typeof LANGUAGES)[number], count: number) =>
      textIntl(language).formatMessage({ id: 'format.credits' }, { count });
    expect([say('en', 1), say('en', 31)]).toEqual(['1 credit', '31 credits']);
    expect([say('de', 1), say('de', 2)]).toEqual(['1 Credit', '2 Credits']);
    // French counts 0 and 1 as singular; Japanese has one form.
    expect([say('fr', 0), say('fr', 2)]).toEqual(['0 crédit', '2 crédits']);
    expect(say('ja', 1)).toBe('1 クレジット');
    expect(say('en', 10000)).toBe('10,000 credits');
    expect(say('de', 10000)).toBe('10.000 Credits');
  });

  it('keeps French signs to their words: a no-break space before : ; ? ! and inside « »', () => {
    const loose = Object.entries(CATALOGUES.fr).filter(([, message]) =>
      / [:;?!»]|« /.test(message),
    );
    expect(loose.map(([id]) => id)).toEqual([]);
  });
});

describe('the pseudo-locale', () => {
  const pseudo = messagesFor(PSEUDO_LANGUAGE);

  it('brackets every message, keeps what it asks for, and makes it about 40 % longer', () => {
    const english = textIntl('en');
    const stretched = textIntl(PSEUDO_LANGUAGE);
    for (const id of ids) {
      const message = pseudo[id];
      expect(message, id).toMatch(/^\[.*\]$/s);
      expect([...contract(parse(message))].sort(), id).toEqual([...contract(parse(en[id]))].sort());
      // Values are the code's, not the catalogue's: left empty, only the words are measured.
      const values = sampleValues(en[id], () => '') as Record<string, string>;
      const before = String(english.formatMessage({ id }, values));
      const after = String(stretched.formatMessage({ id }, values));
      expect(after.length, `${id}: "${after}"`).toBeGreaterThanOrEqual(
        Math.floor(before.length * 1.35),
      );
    }
  });

  it('shows no English letter of the words, only of the values', () => {
    expect(messagesFor(PSEUDO_LANGUAGE)['app.screen.settings']).toMatch(/^\[[^a-zA-Z]+\]$/);
    expect(
      textIntl(PSEUDO_LANGUAGE).formatMessage({ id: 'jobs.select' }, { name: 'quay.jpg' }),
    ).toMatch(/^\[[^a-zA-Z]+ quay\.jpg[^a-zA-Z]*\]$/);
  });
});
