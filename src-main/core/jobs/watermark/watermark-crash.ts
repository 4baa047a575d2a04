import { existsSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { JobState } from '../../../../src-shared/domain/job-states.ts';
import { recoverClaims } from '../../fs/claim-name.ts';
import { sweepOwnedTemps } from '../../fs/temp-files.ts';
import type { WatermarkJobRow } from '../store/job-tables.ts';

/** Download folders left by a crash, of jobs that are no longer downloading, are removed. */
export function sweepScratch(
  scratchRoot: string,
  stateOf: (id: string) => JobState | undefined,
): void {
  const entries = existsSync(scratchRoot) ? readdirSync(scratchRoot) : [];
  for (const name of entries) {
    if (stateOf(name) !== 'downloading') {
      rmSync(path.join(scratchRoot, name), { recursive: true, force: true });
    }
  }
}

/**
 * A write cut off by a crash left its temporary file beside the result: it is removed,
 * unless it is the twin of a result already under its name, which is then kept and
 * returned. Only a job caught downloading can have written: the others leave the output
 * folder, which may hold a whole history of results, unread.
 */
export async function recoverCutWrite(job: WatermarkJobRow, dir: string) {
  if (job.state !== 'downloading') return undefined;
  const claimed = await recoverClaims(dir, job.id);
  await sweepOwnedTemps(dir, job.id);
  return claimed;
}
