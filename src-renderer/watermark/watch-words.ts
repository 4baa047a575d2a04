import type { Formatter } from '../../src-shared/i18n/formats.ts';
import type { WatchView } from '../../src-shared/ipc/contract.ts';
import { JOB_STATE_MESSAGES } from '../words/job-states.ts';
import { DOUBT_WORDS } from './doubt-words.ts';

type WatchedFile = WatchView['recent'][number];

/**
 * What a watched file's line says of it: its state, and for a result the self-check cannot
 * vouch for, that it needs a look and why, never "Done".
 */
export function watchedFileStatus(intl: Formatter, file: WatchedFile): string {
  if (file.doubt) {
    return intl.formatMessage(
      { id: 'watches.needsLook' },
      { why: intl.formatMessage({ id: DOUBT_WORDS[file.doubt] }) },
    );
  }
  const state = intl.formatMessage({ id: JOB_STATE_MESSAGES[file.state] });
  return file.error
    ? intl.formatMessage({ id: 'watches.failedStatus' }, { state, error: file.error.message })
    : state;
}

/** The line under a watch's folder: its profile, engine, sub-folders and today's spending. */
export function watchLine(intl: Formatter, watch: WatchView): string {
  return intl.formatMessage(
    { id: 'watches.line' },
    {
      profile: watch.profile,
      recursive: watch.recursive ? 'yes' : 'no',
      engine: watch.engine,
      spent: watch.spentToday,
      limit: watch.creditsPerDay,
    },
  );
}

/** Whether the watch looks at its folder now, and if not, why. */
export function watchState(intl: Formatter, watch: WatchView, waitingFor: string | null): string {
  if (watch.paused) return intl.formatMessage({ id: 'watches.paused' });
  if (watch.running) return intl.formatMessage({ id: 'watches.watching' });
  return waitingFor ?? intl.formatMessage({ id: 'watches.notRunning' });
}
