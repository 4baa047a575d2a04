import { describe, expect, it } from 'vitest';
import {
  formatCredits,
  formatFileSize,
  formatMoment,
  formatMoney,
  formatPercent,
  formatTimeLeft,
} from '../../../src-shared/i18n/formats.ts';
import { textIntl } from '../../../src-shared/i18n/text-intl.ts';

const en = textIntl('en');
const de = textIntl('de');
const ja = textIntl('ja');
/** Intl separates some figures from their unit with a no-break space: compared as a space. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('the app’s formats', () => {
  it('writes money in US dollars by code, in the reader’s number format', () => {
    expect(formatMoney(en, 220)).toBe('2.20 USD');
    expect(plain(formatMoney(de, 123456))).toBe('1.234,56 USD');
    expect(plain(formatMoney(ja, 5))).toBe('0.05 USD');
  });

  it('counts credits with the language’s plural', () => {
    expect(formatCredits(en, 1)).toBe('1 credit');
    expect(formatCredits(en, 31)).toBe('31 credits');
    expect(formatCredits(de, 1200)).toBe('1.200 Credits');
  });

  it('gives file sizes in kilobytes below a megabyte and megabytes above', () => {
    expect(plain(formatFileSize(en, 200))).toBe('1 kB');
    expect(plain(formatFileSize(en, 512 * 1024))).toBe('512 kB');
    expect(plain(formatFileSize(en, 3.25 * 1024 * 1024))).toBe('3.3 MB');
    expect(plain(formatFileSize(de, 3.25 * 1024 * 1024))).toBe('3,3 MB');
  });

  it('says the time left in seconds, then minutes', () => {
    expect(formatTimeLeft(en, 40)).toBe('about 40 s left');
    expect(formatTimeLeft(en, 89)).toBe('about 89 s left');
    expect(formatTimeLeft(en, 300)).toBe('about 5 min left');
    expect(formatTimeLeft(de, 300)).toBe('noch etwa 5 min');
  });

  it('writes shares as percentages with the language’s spacing', () => {
    expect(formatPercent(en, 0.059, 1)).toBe('5.9%');
    expect(plain(formatPercent(de, 0.059, 1))).toBe('5,9 %');
    expect(formatPercent(en, 0.5)).toBe('50%');
  });

  it('writes a moment the reader’s way', () => {
    const at = Date.UTC(2026, 2, 12, 14, 5);
    const utc = (intl: typeof en) =>
      plain(intl.formatDate(at, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }));
    expect(utc(en)).toBe('Mar 12, 2026, 2:05 PM');
    expect(utc(de)).toBe('12.03.2026, 14:05');
    expect(formatMoment(en, at)).toMatch(/2026/);
  });
});
