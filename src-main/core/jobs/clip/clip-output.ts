import { access, appendFile, rm } from 'node:fs/promises';
import path from 'node:path';
import type { ClipContainer } from '../../../../src-shared/domain/clip-jobs.ts';
import { renderFilename } from '../../../../src-shared/domain/filename-template.ts';
import type { Settings } from '../../../../src-shared/domain/settings.ts';
import { claimFirstFree, recoverClaims } from '../../fs/claim-name.ts';
import { asDiskFull } from '../../fs/disk-space.ts';
import { candidateNames } from '../../media/output-names.ts';
import { PROVENANCE_LOG, type ProvenanceLine } from '../../media/output.ts';
import { UserFacingError } from '../../user-error.ts';
import { hashFile } from '../watermark/own-results.ts';
import type { ClipRow } from './clip-row.ts';

/**
 * The name a cleaned clip takes under the filename template, with the extension its
 * container calls for: a template's own extension that says otherwise is replaced.
 */
export function clipFileName(
  template: Settings['filenameTemplate'],
  input: string,
  container: ClipContainer,
  date: Date,
): string {
  const name = path.basename(input, path.extname(input));
  const rendered = renderFilename(template, {
    name,
    ext: container,
    date: date.toISOString().slice(0, 10),
    n: 1,
  });
  const own = path.extname(rendered);
  if (own.slice(1).toLowerCase() === container) return rendered;
  const stem = /^\.(jpe?g|png|webp|tiff?|gif|avif|heic|heif|mp4|m4v|mov|webm)$/i.test(own)
    ? rendered.slice(0, -own.length)
    : rendered;
  return `${stem}.${container}`;
}

const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );

/**
 * Gives the complete cleaned clip at `work_path` the first free name from `planned_path`
 * (`name.mp4`, `name-1.mp4`…): never the name of a file already there, and never the input's,
 * whatever the conflict setting says. After a crash between the claim and the job's `done`,
 * the name already claimed is found again rather than a second one taken.
 */
export async function claimClip(job: ClipRow): Promise<string> {
  const { work_path: temp, planned_path: first } = job;
  const name = path.basename(job.input_path);
  if (!temp || !first) throw new UserFacingError({ id: 'core.clips.lost', values: { name } });
  const dir = path.dirname(first);
  let written = await recoverClaims(dir, job.id);
  if (!written) {
    if (!(await exists(temp)))
      throw new UserFacingError({ id: 'core.clips.lost', values: { name } });
    try {
      written = await claimFirstFree(
        temp,
        candidateNames(first, path.resolve(job.input_path), 'suffix'),
        job.id,
      );
    } catch (error) {
      throw asDiskFull(error, first) ?? error;
    }
  }
  await rm(temp, { force: true });
  // `suffix` offers names without end: one is always free.
  return written as string;
}

/** The output folder's provenance line for a cleaned clip: cleaned on this computer, free. */
export async function recordClipProvenance(job: ClipRow, output: string): Promise<void> {
  const line: ProvenanceLine = {
    source: job.input_path,
    output,
    sha256: await hashFile(output),
    service: 'clip',
    engine: 'local',
    attempt: job.attempt,
    mask: 'found',
    queuedAt: new Date(job.created_at).toISOString(),
    finishedAt: new Date().toISOString(),
  };
  const log = path.join(path.dirname(output), PROVENANCE_LOG);
  await appendFile(log, `${JSON.stringify(line)}\n`).catch((error: unknown) => {
    throw asDiskFull(error, log) ?? error;
  });
}
