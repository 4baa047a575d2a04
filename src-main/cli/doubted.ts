import path from 'node:path';
import type { DoubtChoice } from '../../src-shared/domain/job-doubt.ts';
import { formatCredits } from '../../src-shared/i18n/formats.ts';
import { doubtOf } from '../core/jobs/watermark/doubt.ts';
import type { WatermarkJobRow } from '../core/jobs/store/job-tables.ts';
import { cliIntl, words } from './words.ts';

/**
 * The user's word, on the command line, on results in doubt named again: keep them as they
 * are (free), or send them to the service with the masks they had (paid, its cost said
 * before anything is sent). Marking by hand is a new mask with --force, or the window.
 */
export const DOUBTED_OPTIONS = {
  'keep-doubted': { type: 'boolean', default: false },
  'send-doubted': { type: 'boolean', default: false },
} as const;

export const doubtedUsage = () =>
  words('cli.remove.doubted.usage', { credits: formatCredits(cliIntl(), 1) });

/** The choice the flags make, if any; given both, the free one: nothing is paid on a doubt. */
export function doubtedChoice(values: {
  'keep-doubted': boolean;
  'send-doubted': boolean;
}): DoubtChoice | undefined {
  if (values['keep-doubted']) return 'keep';
  return values['send-doubted'] ? 'send' : undefined;
}

/**
 * The results of a run that are written but in doubt (see job-doubt.ts), each named with
 * why and what to do, and their count: they are not counted as done, and the run ends with
 * exit code 1, as for any job that waits for the user.
 */
export function reportDoubted(
  latest: ReadonlyArray<WatermarkJobRow | undefined>,
  json: boolean,
): number {
  let count = 0;
  for (const job of latest) {
    const doubt = job && doubtOf(job);
    if (!job || !doubt) continue;
    count += 1;
    const why = words(
      doubt === 'unchanged' ? 'core.jobs.doubtUnchanged' : 'core.jobs.doubtMarkVisible',
    );
    if (json) {
      console.log(
        JSON.stringify({
          input: job.input_path,
          state: 'done',
          doubt,
          output: job.output_path,
          error: why,
        }),
      );
    } else {
      const word = words(doubt === 'unchanged' ? 'jobs.doubt.unchanged' : 'jobs.doubt.markVisible');
      console.log(`${word.padEnd(15)} ${path.basename(job.input_path)}: ${why}`);
    }
  }
  if (count > 0 && !json)
    console.log(words('cli.remove.doubted', { count, credits: formatCredits(cliIntl(), 1) }));
  return count;
}
