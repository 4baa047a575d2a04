import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { en } from '../../../src-shared/i18n/catalogues/en.ts';
import { isMessageId } from '../../../src-shared/i18n/message-ids.ts';

const sample = JSON.parse(
  await readFile(new URL('../../../docs/localisation/review-sample.json', import.meta.url), 'utf8'),
) as { even: string[]; moneyAndKeys: string[] };

/** The recorded review sample stays readable: the next review reads these same messages. */
describe('the localisation review’s sample', () => {
  it('holds 175 different ids, 60 spread over the catalogue and 115 about money and keys', () => {
    expect(sample.even).toHaveLength(60);
    expect(sample.moneyAndKeys).toHaveLength(115);
    expect(new Set([...sample.even, ...sample.moneyAndKeys]).size).toBe(175);
  });

  it('names only messages the catalogues have', () => {
    const all = [...sample.even, ...sample.moneyAndKeys];
    expect(all.filter((id) => !isMessageId(id))).toEqual([]);
    expect(Object.keys(en).length).toBeGreaterThan(all.length);
  });
});
