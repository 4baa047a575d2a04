import path from 'node:path';
import { doubtOf } from '../core/jobs/doubt.ts';
import type { WatermarkJobRow } from '../core/jobs/store.ts';
import { words } from './words.ts';

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
  if (count > 0 && !json) console.log(words('cli.remove.doubted', { count }));
  return count;
}
