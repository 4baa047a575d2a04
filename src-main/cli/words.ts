import type { IntlShape } from '@formatjs/intl';
import { formatMonth } from '../../src-shared/i18n/formats.ts';
import type { ApiKeyKind } from '../../src-shared/domain/api-keys.ts';
import type { JobState } from '../../src-shared/domain/job-states.ts';
import type { MessageId } from '../../src-shared/i18n/catalogues/en.ts';
import type { ShownLanguage } from '../../src-shared/i18n/languages.ts';
import { loadMessages } from '../../src-shared/i18n/messages.ts';
import { textIntl } from '../../src-shared/i18n/text-intl.ts';
import { speakCoreIn } from '../core/i18n/core-words.ts';

/**
 * The command line's words, in the one language `main` chose for this run (English until
 * it has): every sentence a command prints comes from here, so none is left in English.
 */
let intl: IntlShape = textIntl('en');

/**
 * Sets the language of everything printed from now on, its messages read first (only
 * that language's and English); `main` calls it once, first.
 */
export async function speak(language: ShownLanguage): Promise<void> {
  await loadMessages(language);
  intl = textIntl(language);
  speakCoreIn(() => language);
}

/** The formatter for money, sizes and dates (see src-shared/i18n/formats.ts). */
export function cliIntl(): IntlShape {
  return intl;
}

/** One message of the catalogue in this run's language. */
export function words(id: MessageId, values?: Record<string, string | number>): string {
  return intl.formatMessage({ id }, values);
}

/** A job's or round's state as the command line's lists print it: short, one per column. */
const STATE_MESSAGES: Readonly<Record<JobState, MessageId>> = {
  queued: 'cli.state.queued',
  preparing: 'cli.state.preparing',
  submitting: 'cli.state.submitting',
  submitted: 'cli.state.submitted',
  processing: 'cli.state.processing',
  downloading: 'cli.state.downloading',
  done: 'cli.state.done',
  failed: 'cli.state.failed',
  canceled: 'cli.state.canceled',
  'needs-attention': 'cli.state.needs-attention',
};

/** The state word, padded to the column the lists line up on. */
export function stateColumn(state: JobState): string {
  return words(STATE_MESSAGES[state]).padEnd(15);
}

/** The state word alone. */
export function stateWord(state: JobState): string {
  return words(STATE_MESSAGES[state]);
}

/** A service as the command line names it, as in `clearframe key set video`. */
export function serviceWord(kind: ApiKeyKind): string {
  return words(kind === 'watermark' ? 'cli.service.watermark' : 'cli.service.video');
}

/** A calendar month (`2026-03`) as the reader names it: "March 2026", "März 2026", "2026年3月". */
export function monthName(month: string): string {
  return formatMonth(intl, month);
}
