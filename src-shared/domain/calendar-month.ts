/**
 * Calendar months in this computer's time zone, the one the user lives in: a monthly budget
 * cap and the spending history count a charge in the month its local date falls in. A month
 * is written `YYYY-MM`, as the command line takes it and the CSV shows it.
 */

/** A month as written: `2026-03`. */
export const MONTH_PATTERN = /^(\d{4})-(0[1-9]|1[0-2])$/;

const two = (n: number) => String(n).padStart(2, '0');

/** The month a moment falls in, locally: `2026-03`. */
export function monthOf(ms: number): string {
  const date = new Date(ms);
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}`;
}

/** The calendar day a moment falls on, locally: `2026-03-14` (a per-day limit counts by it). */
export function localDay(at: Date): string {
  return `${at.getFullYear()}-${two(at.getMonth() + 1)}-${two(at.getDate())}`;
}

/** `YYYY-MM` when `text` is a month written that way; undefined otherwise. */
export function parseMonth(text: string): string | undefined {
  return MONTH_PATTERN.test(text.trim()) ? text.trim() : undefined;
}

function parts(month: string): { year: number; index: number } {
  const match = MONTH_PATTERN.exec(month);
  if (!match) throw new RangeError(`${month} is not a month written as YYYY-MM.`);
  return { year: Number(match[1]), index: Number(match[2]) - 1 };
}

/**
 * The month's first moment and the next month's, locally: a charge at `at` is in the month
 * when `start <= at < end`. Months are not all as long, nor all days 24 hours where clocks
 * change, so the bounds come from the calendar, never from adding milliseconds.
 */
export function monthBounds(month: string): { start: number; end: number } {
  const { year, index } = parts(month);
  return { start: new Date(year, index, 1).getTime(), end: new Date(year, index + 1, 1).getTime() };
}

/** A moment as this computer's local date and time with its offset, unambiguous in a file. */
export function localTimestamp(ms: number): string {
  const date = new Date(ms);
  const offset = -date.getTimezoneOffset();
  const sign = offset >= 0 ? '+' : '-';
  const abs = Math.abs(offset);
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}T${two(date.getHours())}:${two(date.getMinutes())}:${two(date.getSeconds())}${sign}${two(Math.floor(abs / 60))}:${two(abs % 60)}`;
}
