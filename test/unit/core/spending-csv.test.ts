import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import type { SpendingLine } from '../../../src-shared/ipc/contract.ts';
import {
  SPENDING_CSV_COLUMNS,
  spendingCsv,
  spendingCsvName,
} from '../../../src-main/core/jobs/spending/spending-csv.ts';

const line = (patch: Partial<SpendingLine>): SpendingLine => ({
  roundId: 'r1',
  attempt: 1,
  at: new Date(2026, 2, 4, 10, 0).getTime(),
  month: '2026-03',
  projectId: 'p1',
  project: 'Harbour',
  shot: 1,
  round: 2,
  removed: false,
  prompt: 'boats',
  seconds: 5,
  pricePerSecondUsd: 0.22,
  cents: 110,
  status: 'charged',
  demo: false,
  ...patch,
});

describe('the spending CSV', () => {
  it('reads back as written, whatever the prompt holds, and keeps formulas as text', () => {
    const { text, count, demo } = spendingCsv([
      line({ prompt: 'a "quoted", two-line\nprompt' }),
      line({
        prompt: '=HYPERLINK("x")',
        project: '+Quay',
        removed: true,
        demo: true,
        status: 'demo',
      }),
      line({
        prompt: '',
        seconds: null,
        pricePerSecondUsd: null,
        status: 'estimated',
        attempt: null,
      }),
    ]);
    // Two charges; the demo round is counted apart, never as a charge.
    expect([count, demo]).toEqual([2, 1]);
    expect(text.endsWith('\r\n')).toBe(true);
    const records = parse<Record<string, string>>(text, { columns: true });
    expect(Object.keys(records[0] ?? {})).toEqual([...SPENDING_CSV_COLUMNS]);
    expect(records.map((record) => record['prompt'])).toEqual([
      'a "quoted", two-line\nprompt',
      '\'=HYPERLINK("x")',
      '',
    ]);
    expect(records[1]).toMatchObject({
      project: "'+Quay (removed)",
      demo: 'yes',
      USD: '0.00',
      status: 'demo',
      'demo: would cost (USD)': '1.10',
    });
    expect(records[0]).toMatchObject({ USD: '1.10', 'demo: would cost (USD)': '' });
    expect(records[2]).toMatchObject({
      'seconds reported': '',
      'price per second (USD)': '',
      attempt: '',
      status: 'estimated',
    });
  });

  it('is named after what it covers', () => {
    expect(spendingCsvName({})).toBe('spending.csv');
    expect(spendingCsvName({ month: '2026-03', projectId: 'p' }, 'Harbour at night')).toBe(
      'spending-Harbour-at-night-2026-03.csv',
    );
  });
});
