import { monthBounds } from '../domain/calendar-month.ts';
import { CREDITS_PER_IMAGE } from '../domain/pricing.ts';
import type { MessageId } from './catalogues/en.ts';

/**
 * What the formats need of an intl object: react-intl's `useIntl()` in the window and
 * `textIntl()` in the main process and the command line both have it.
 */
export interface Formatter {
  readonly locale: string;
  formatNumber(value: number, options?: Intl.NumberFormatOptions): string;
  formatDate(value: Date | number, options?: Intl.DateTimeFormatOptions): string;
  formatMessage(descriptor: { id: MessageId }, values?: Record<string, string | number>): string;
  formatList(
    list: readonly string[],
    options?: { type?: 'conjunction' | 'disjunction' | 'unit' },
  ): string;
}

/**
 * The app's money, in the reader's number format: the service bills in US dollars, so the
 * currency is always USD, named by its code after the figure ("2.20 USD", "1.234,56 USD")
 * since many countries write $ for a dollar of their own. The window, the command line and
 * the engine's sentences all write money through here.
 */
export function formatMoney(intl: Formatter, cents: number): string {
  const figure = intl.formatNumber(cents / 100, {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  return `${figure} USD`;
}

/** What sending `images` images costs in watermark credits: "1 credit", "31 credits". */
export function formatCredits(intl: Formatter, images: number): string {
  return intl.formatMessage({ id: 'format.credits' }, { count: images * CREDITS_PER_IMAGE });
}

/** A share from 0 to 1 as a percentage, with at most `digits` decimals. */
export function formatPercent(intl: Formatter, share: number, digits = 0): string {
  return intl.formatNumber(share, { style: 'percent', maximumFractionDigits: digits });
}

/** A file size as people read it: whole kilobytes below a megabyte, megabytes with one decimal. */
export function formatFileSize(intl: Formatter, bytes: number): string {
  const kilobytes = bytes / 1024;
  return kilobytes < 1024
    ? intl.formatNumber(Math.max(1, Math.round(kilobytes)), { style: 'unit', unit: 'kilobyte' })
    : intl.formatNumber(kilobytes / 1024, {
        style: 'unit',
        unit: 'megabyte',
        minimumFractionDigits: 1,
        maximumFractionDigits: 1,
      });
}

/** "about 40 s left" below a minute and a half, else in whole minutes. */
export function formatTimeLeft(intl: Formatter, seconds: number): string {
  return seconds < 90
    ? intl.formatMessage({ id: 'format.secondsLeft' }, { seconds })
    : intl.formatMessage({ id: 'format.minutesLeft' }, { minutes: Math.round(seconds / 60) });
}

/** A moment as the reader writes dates and times: "12 Mar 2026, 14:05", "2026/03/12 14:05". */
export function formatMoment(intl: Formatter, at: Date | number): string {
  return intl.formatDate(at, { dateStyle: 'medium', timeStyle: 'short' });
}

/** A calendar month (`2026-03`) as the reader names it: "March 2026", "März 2026", "2026年3月". */
export function formatMonth(intl: Formatter, month: string): string {
  return intl.formatDate(monthBounds(month).start, { month: 'long', year: 'numeric' });
}
