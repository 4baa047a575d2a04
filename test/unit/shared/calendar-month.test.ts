import { describe, expect, it } from 'vitest';
import { budgetProblem } from '../../../src-shared/domain/budget.ts';
import { textIntl } from '../../../src-shared/i18n/text-intl.ts';
import {
  localDay,
  localTimestamp,
  monthBounds,
  monthOf,
  parseMonth,
} from '../../../src-shared/domain/calendar-month.ts';

describe('calendar months in local time', () => {
  it('bound a month by the local calendar, whatever its length or clock change', () => {
    for (const month of ['2026-02', '2026-03', '2026-10', '2026-12']) {
      const { start, end } = monthBounds(month);
      expect(monthOf(start)).toBe(month);
      expect(monthOf(end - 1)).toBe(month);
      expect(monthOf(end)).not.toBe(month);
      expect(new Date(start).getDate()).toBe(1);
      expect(new Date(start).getHours()).toBe(0);
    }
    expect(monthOf(monthBounds('2026-12').end)).toBe('2027-01');
  });

  it('name the local day a moment falls on, zero-padded, the last minute before midnight included', () => {
    expect(localDay(new Date(2026, 2, 4, 23, 59))).toBe('2026-03-04');
    expect(localDay(new Date(2026, 2, 5, 0, 0))).toBe('2026-03-05');
    expect(localDay(new Date(2026, 11, 31, 12))).toBe('2026-12-31');
  });

  it('read only months written YYYY-MM', () => {
    expect(parseMonth(' 2026-03 ')).toBe('2026-03');
    for (const bad of ['2026-3', '2026-13', '2026-00', 'March', '2026/03', '']) {
      expect(parseMonth(bad)).toBeUndefined();
    }
    expect(() => monthBounds('March')).toThrow(/YYYY-MM/);
  });

  it('write a moment with its local offset, so a file read elsewhere means the same time', () => {
    const at = new Date(2026, 2, 31, 23, 59, 7).getTime();
    const written = localTimestamp(at);
    expect(written).toMatch(/^2026-03-31T23:59:07[+-]\d\d:\d\d$/);
    expect(Date.parse(written)).toBe(at);
  });
});

describe('the budget cap message', () => {
  const spending = { spentCents: 280, inFlightCents: 0 };
  const english = textIntl('en');
  const german = textIntl('de');

  it('names the month, what it spent and the cap when the cap is monthly', () => {
    expect(budgetProblem(english, 3, { ...spending, month: '2026-12' }, 220)).toBe(
      'This round (2.20 USD) would take video spending in December 2026 to 5.00 USD, over your monthly budget cap of 3.00 USD: 2.80 USD spent this month and 0.00 USD in rounds already sent. Raise the cap in Settings, or retry this round in January 2027.',
    );
    expect(budgetProblem(english, 5, { ...spending, month: '2026-12' }, 220)).toBeUndefined();
    expect(budgetProblem(english, null, { ...spending, month: '2026-12' }, 220)).toBeUndefined();
  });

  it('speaks of all spending when the cap is for all time', () => {
    expect(budgetProblem(english, 3, spending, 220)).toMatch(
      /^This round \(2\.20 USD\) would take video spending to 5\.00 USD, over your budget cap of 3\.00 USD: 2\.80 USD spent/,
    );
  });

  it("names the months and the money in the reader's language and number format", () => {
    expect(
      budgetProblem(german, 1234, { spentCents: 123_400, inFlightCents: 0, month: '2026-12' }, 220),
    ).toBe(
      'Dieser Versuch (2,20 USD) würde die Videoausgaben im Dezember 2026 auf 1.236,20 USD bringen, über Ihre monatliche Budgetgrenze von 1.234,00 USD: 1.234,00 USD in diesem Monat ausgegeben und 0,00 USD in bereits gesendeten Versuchen. Erhöhen Sie die Grenze in den Einstellungen, oder versuchen Sie es im Januar 2027 erneut.',
    );
  });
});
