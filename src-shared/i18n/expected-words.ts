import { expectedBand } from '../domain/expected-quality.ts';
import type { Formatter } from './formats.ts';

/** The self-check's figure in whole decibels: its own error is a dB or two. */
function decibels(intl: Formatter, db: number): string {
  return intl.formatNumber(db, { maximumFractionDigits: 0 });
}

/**
 * What the self-check expects of a group cleaned on this computer, as one sentence with
 * what a person will see: the window's proposal and the command line say it alike.
 */
export function expectedSentence(intl: Formatter, db: number): string {
  return intl.formatMessage(
    { id: 'quality.expected' },
    { db: decibels(intl, db), band: expectedBand(db) },
  );
}

/** The figure alone, beside the free preview. */
export function expectedShort(intl: Formatter, db: number): string {
  return intl.formatMessage({ id: 'quality.short' }, { db: decibels(intl, db) });
}
