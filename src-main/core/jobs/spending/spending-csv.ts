import { localTimestamp } from '../../../../src-shared/domain/calendar-month.ts';
import type { SpendingFilter, SpendingLine } from '../../../../src-shared/ipc/contract.ts';
import { writeSynced } from '../../fs/atomic-write.ts';
import { saveUnderFreeName } from '../../fs/save-under-free-name.ts';
import type { SpendingLedger } from './spending-history.ts';
import { slug } from '../video/round-names.ts';
import { said } from '../../i18n/core-words.ts';

/** The columns of the spending CSV, in order, as its header names them. */
export const SPENDING_CSV_COLUMNS = [
  'date',
  'month',
  'project',
  'shot',
  'round',
  'round id',
  'attempt',
  'prompt',
  'seconds reported',
  'price per second (USD)',
  'USD',
  'status',
  'demo',
  'demo: would cost (USD)',
] as const;

/**
 * A cell as spreadsheets read it: quoted when it holds a comma, quote or line break, and
 * text that a spreadsheet would run as a formula (=, +, -, @ first) kept as text with a
 * leading apostrophe, since prompts are free text.
 */
function cell(value: string | number | null): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function row(line: SpendingLine): string {
  return [
    localTimestamp(line.at),
    line.month,
    `${line.project}${line.removed ? ' (removed)' : ''}`,
    line.shot,
    line.round,
    line.roundId,
    line.attempt,
    line.prompt,
    line.seconds,
    line.pricePerSecondUsd,
    // What was charged: nothing for a demo round, whose price stands in a column of its own,
    // so a sum of this column is what the service billed.
    line.demo ? '0.00' : (line.cents / 100).toFixed(2),
    line.status,
    line.demo ? 'yes' : 'no',
    line.demo ? (line.cents / 100).toFixed(2) : '',
  ]
    .map(cell)
    .join(',');
}

/** How many lines a CSV holds: charges the service may have billed, and demo rounds apart. */
export interface CsvCount {
  count: number;
  demo: number;
}

/** The charges as CSV, header first, one line each (CRLF, as RFC 4180 writes it). */
export function spendingCsv(lines: Iterable<SpendingLine>): { text: string } & CsvCount {
  const out = [SPENDING_CSV_COLUMNS.join(',')];
  let demo = 0;
  for (const line of lines) {
    out.push(row(line));
    if (line.demo) demo += 1;
  }
  return { text: `${out.join('\r\n')}\r\n`, count: out.length - 1 - demo, demo };
}

/** The name a CSV of this filter gets when only a folder is chosen. */
export function spendingCsvName(filter: SpendingFilter, projectName?: string): string {
  const project = projectName === undefined ? undefined : slug(projectName);
  return `${['spending', project, filter.month].filter(Boolean).join('-')}.csv`;
}

/**
 * Writes the history of `filter` as CSV to `file`, or, when a file is there already, to the
 * first free `name-1.csv`, `name-2.csv`…: the name is claimed in the step that checks it is
 * free, so nothing is ever overwritten. Returns where it went, how many charges it holds and
 * how many demo rounds besides.
 */
export async function writeSpendingCsv(
  ledger: SpendingLedger,
  filter: SpendingFilter,
  file: string,
): Promise<{ path: string } & CsvCount> {
  // Read in one synchronous pass, so the pages cannot shift under a charge written meanwhile.
  const { text, count, demo } = spendingCsv(ledger.lines(filter));
  const saved = await saveUnderFreeName(file, (temp) => writeSynced(temp, text), {
    what: said('core.files.what.csv'),
    again: said('core.files.again.exportSpending'),
  });
  return { path: saved, count, demo };
}
