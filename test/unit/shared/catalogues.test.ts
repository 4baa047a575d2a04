import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compiledNow, verifySources, writeSources } from '../../../scripts/messages.ts';
import { en, type MessageId } from '../../../src-shared/i18n/catalogues/en.ts';
import { LANGUAGES, PSEUDO_LANGUAGE } from '../../../src-shared/i18n/languages.ts';
import { messagesFor } from '../../../src-shared/i18n/messages.ts';
import { CATALOGUES } from '../../../src-shared/i18n/sources.ts';
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
  let work: string;
  beforeAll(() => {
    work = mkdtempSync(path.join(os.tmpdir(), 'clearframe-catalogues-'));
  });
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  /** FormatJS's verify over catalogues written to a folder of their own. */
  const verify = (name: string, catalogues: Record<string, Record<string, string>>) => {
    const dir = path.join(work, name);
    writeSources(dir, catalogues);
    return verifySources(dir, Object.keys(catalogues));
  };

  it('every language has English’s ids, no other, and messages of the same structure (FormatJS verify)', () => {
    const run = verify('all', { ...CATALOGUES });
    expect(run.output).toBe('');
    expect(run.ok).toBe(true);
  });

  it('FormatJS verify refuses a missing id, a dropped value and a plural without "other"', () => {
    const { 'round.title': dropped, ...missing } = CATALOGUES.de;
    expect(dropped).toBeDefined();
    const noValue = { ...CATALOGUES.de, 'images.start': 'Starten' };
    const noOther = {
      ...CATALOGUES.de,
      'format.credits': '{count, plural, one {# Credit}}',
    };
    const runs = Object.entries({ missing, noValue, noOther }).map(([name, de]) => {
      const run = verify(name, { en: CATALOGUES.en, de });
      expect(run.ok, name).toBe(false);
      return run;
    });
    expect(runs[0]?.output).toContain('round.title');
  });

  // FormatJS compares values and plurals but not a select's choices, which the code passes.
  it.each(LANGUAGES)('%s: every select offers exactly the English choices', (language) => {
    const selects = (message: string) =>
      [...contract(parse(message))].filter((entry) => entry.includes(': select')).sort();
    for (const id of ids) {
      expect(selects(CATALOGUES[language][id]), `${language} ${id}`).toEqual(selects(en[id]));
    }
  });

  it('the compiled messages the app loads are the catalogues compiled (npm run messages)', () => {
    const stale = compiledNow().filter((file) => file.committed !== file.fresh);
    expect(
      stale.map((file) => file.file),
      'compiled messages out of date: run `npm run messages`',
    ).toEqual([]);
  });

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

  it('brackets every message, keeps what it asks for, and makes it longer', () => {
    const english = textIntl('en');
    const stretched = textIntl(PSEUDO_LANGUAGE);
    const growth: number[] = [];
    for (const id of ids) {
      const message = pseudo[id];
      const first = message[0];
      const last = message.at(-1);
      expect(first?.type === TYPE.literal && first.value, id).toBe('[');
      expect(last?.type === TYPE.literal && last.value, id).toBe(']');
      expect([...contract(message)].sort(), id).toEqual([...contract(parse(en[id]))].sort());
      // Values are the code's, not the catalogue's: left empty, only the words are measured.
      const values = sampleValues(en[id], () => '') as Record<string, string>;
      const before = String(english.formatMessage({ id }, values));
      const after = String(stretched.formatMessage({ id }, values));
      expect(after.length, `${id}: "${after}"`).toBeGreaterThan(before.length);
      if (before.length > 0) growth.push(after.length / before.length);
    }
    // FormatJS's en-XA doubles vowels: about a third longer, as German and French run.
    growth.sort((a, b) => a - b);
    expect(growth[Math.floor(growth.length / 2)]).toBeGreaterThanOrEqual(1.3);
  });

  it('shows no English letter of the words, only of the values', () => {
    const say = textIntl(PSEUDO_LANGUAGE);
    expect(say.formatMessage({ id: 'app.screen.settings' })).toMatch(/^\[[^a-zA-Z]+\]$/);
    expect(say.formatMessage({ id: 'jobs.select' }, { name: 'quay.jpg' })).toMatch(
      /^\[[^a-zA-Z]+ quay\.jpg[^a-zA-Z]*\]$/,
    );
  });
});
