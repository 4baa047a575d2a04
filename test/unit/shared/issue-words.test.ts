import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { issueWords } from '../../../src-shared/i18n/issue-words.ts';
import { PSEUDO_LANGUAGE } from '../../../src-shared/i18n/languages.ts';
import { textIntl } from '../../../src-shared/i18n/text-intl.ts';
import { plainWords } from '../../support/plain-words.ts';

const schema = z.strictObject({
  count: z.number().int().min(1).max(32),
  share: z.number().positive().lt(1),
  layout: z.enum(['mirror', 'flatten']),
  name: z.string().min(1).max(5),
  files: z.array(z.string()).min(1).max(2),
  address: z.url(),
  month: z.string().regex(/^\d{4}-\d\d$/, 'check.month'),
});

/** Every complaint about `value`, said in `language`, by the field it is about. */
function said(language: Parameters<typeof textIntl>[0], value: unknown): Record<string, string> {
  const intl = textIntl(language);
  const parsed = schema.safeParse(value);
  expect(parsed.success).toBe(false);
  return Object.fromEntries(
    (parsed.error?.issues ?? []).map((issue) => [
      issue.path.join('.') || '(object)',
      issueWords(intl, issue),
    ]),
  );
}

const broken = {
  count: 1.5,
  share: 0,
  layout: 'sideways',
  name: '',
  files: [],
  address: 'not an address',
  month: 'March',
  extra: true,
};

const tooBig = {
  count: 40,
  share: 1,
  layout: 'mirror',
  name: 'much too long',
  files: ['a', 'b', 'c'],
  address: 'https://example.test/',
  month: '2026-03',
};

describe("a schema's complaints in the reader's language", () => {
  it("says each of Zod's complaints from what it tells, and a schema's own by its message id", () => {
    expect(said('en', broken)).toEqual({
      count: 'Enter a whole number.',
      share: 'Must be more than 0.',
      layout: 'Choose mirror or flatten.',
      name: 'Fill this in; it cannot be empty.',
      files: 'Give at least 1 item.',
      address: 'Enter a full address that starts with https://.',
      month: 'Give the month as YYYY-MM, such as 2026-03.',
      '(object)': 'Clearframe does not know extra; remove it.',
    });
    expect(said('en', tooBig)).toEqual({
      count: 'At most 32.',
      share: 'Must be less than 1.',
      name: 'At most 5 characters.',
      files: 'At most 2 items at once.',
    });
  });

  it('says them in German, with numbers and lists in its format', () => {
    expect(said('de', { ...tooBig, count: 'four', layout: 'round' })).toMatchObject({
      count: 'Geben Sie eine Zahl ein.',
      layout: 'Wählen Sie mirror oder flatten.',
      files: 'Höchstens 2 Einträge auf einmal.',
    });
  });

  it('leaves no English word of its own in the pseudo-locale', () => {
    const values = ['mirror', 'flatten', 'extra', 'YYYY', 'MM', 'https', ' or '];
    for (const sentence of [
      ...Object.values(said(PSEUDO_LANGUAGE, broken)),
      ...Object.values(said(PSEUDO_LANGUAGE, tooBig)),
    ]) {
      expect(plainWords(sentence, values), sentence).toEqual([]);
    }
  });
});
