import { mkdir, rename } from 'node:fs/promises';
import path from 'node:path';
import { refusalKey } from '../../../../src-shared/domain/clip-jobs.ts';
import type { Settings } from '../../../../src-shared/domain/settings.ts';
import { sweepOwnedTemps, tempPathFor } from '../../fs/temp-files.ts';
import { said } from '../../i18n/core-words.ts';
import { outputDirFor } from '../../media/output.ts';
import { UserFacingError } from '../../user-error.ts';
import { storedError } from '../lifecycle/outcome.ts';
import type { JobAdapter, Lifecycle } from '../lifecycle/task-engine.ts';
import { DAMAGED_RECORD } from '../store/stored-json.ts';
import { joinSegments } from './clip-join.ts';
import { claimClip, clipFileName, recordClipProvenance } from './clip-output.ts';
import type { ClipPort, ClipProgress } from './clip-port.ts';
import type { ClipRow } from './clip-row.ts';
import { ClipSegments, removeSegments, segmentsDirOf } from './clip-segments.ts';

export interface ClipJobsOptions {
  settings: () => Pick<Settings, 'outputFolder' | 'folderLayout' | 'filenameTemplate'>;
  /** The window's clean-up, when a window is there to do it; clips wait for one. */
  port: () => ClipPort | undefined;
  onProgress?: (id: string, progress: ClipProgress) => void;
  /** The data folder's folder of finished segments, one folder per clip being cleaned. */
  segmentsDir: string;
}

/** Every clip shares one slot: a clip's frames take all the window's encoder can give. */
const GROUP = 'clips';

/**
 * The clip kind's steps. `preparing` is the clean-up in the window (nothing is sent or paid):
 * the window encodes the clip in segments of a few seconds, each kept in the data folder as
 * soon as it is done (`clip-segments.ts`), and at the end core joins them, with the source's
 * sound, into one hidden file; `downloading` is that file taking its name. A restart or a
 * pause during `preparing` puts the clip back in the queue, and it carries on from the first
 * unfinished segment; a damaged record of segments is said and the clip starts again from
 * its first frame. One in `downloading` only claims its name. A cancel or a refusal removes
 * every segment and the hidden file, so nothing is left under any name.
 */
export function clipJobs(options: ClipJobsOptions, life: Lifecycle): JobAdapter<ClipRow> {
  const rows = (where: string, ...values: unknown[]) =>
    life.store.statement(`SELECT * FROM clip_jobs WHERE ${where}`).all(...values) as ClipRow[];
  const one = (id: string) => rows('id = ?', id)[0];

  const finish = async (id: string) => {
    const job = one(id);
    if (!job) return;
    const written = await claimClip(job);
    await recordClipProvenance(job, written);
    await removeSegments(options.segmentsDir, id);
    life.move(id, 'done', { outputPath: written });
  };

  /** The segments kept for the clip; a damaged record is said on the clip as it starts over. */
  const openSegments = async (row: ClipRow) => {
    const name = path.basename(row.input_path);
    const { segments, damage } = await ClipSegments.open(
      segmentsDirOf(options.segmentsDir, row.id),
      row.input_path,
    );
    const said = damage && { id: 'core.clips.segmentsDamaged' as const, values: { name } };
    life.move(row.id, 'preparing', said ? { error: storedError(DAMAGED_RECORD, said) } : {});
    return segments;
  };

  const clean = async (row: ClipRow, segments: ClipSegments, signal: AbortSignal) => {
    const port = options.port();
    const name = path.basename(row.input_path);
    if (!port) throw new UserFacingError({ id: 'core.clips.stopped' });
    const settings = options.settings();
    const dir = outputDirFor(row.input_path, settings, row.root ?? undefined);
    await mkdir(dir, { recursive: true });
    // A join cut off by a crash: the segments are kept, the joined file is made again.
    await sweepOwnedTemps(dir, row.id);
    const temp = tempPathFor(path.join(dir, name), 'part', row.id);
    try {
      const outcome = await port.clean(
        {
          jobId: row.id,
          input: row.input_path,
          // Read each time the window is asked: a window shown again starts past what was kept.
          get from() {
            return segments.resume;
          },
          segments,
          mask: row.mask ?? undefined,
        },
        signal,
        (p) => options.onProgress?.(row.id, p),
      );
      if ('refused' in outcome) {
        await removeSegments(options.segmentsDir, row.id);
        throw new UserFacingError({
          id: 'core.clips.refused',
          values: { reason: refusalKey(outcome.refused), name },
        });
      }
      signal.throwIfAborted();
      await joinSegments(segments.files(), row.input_path, outcome.container, temp);
      signal.throwIfAborted();
      const planned = path.join(
        dir,
        clipFileName(settings.filenameTemplate, row.input_path, outcome.container, new Date()),
      );
      const work = tempPathFor(planned, 'part', row.id);
      await rename(temp, work);
      life.store
        .statement('UPDATE clip_jobs SET work_path = ?, planned_path = ? WHERE id = ?')
        .run(work, planned, row.id);
      life.move(row.id, 'downloading');
    } catch (error) {
      await sweepOwnedTemps(dir, row.id);
      throw error;
    }
  };

  return {
    kind: 'clip',
    row: one,
    inFlight: () =>
      rows(`state NOT IN ('queued', 'done', 'failed', 'canceled', 'needs-attention')`),
    queued: (free) => rows(`state = 'queued' ORDER BY created_at, rowid LIMIT ?`, free),
    // Without a window nothing can start: the queue waits, idle, for `wake` when one comes.
    anyQueued: () => options.port() !== undefined && rows(`state = 'queued' LIMIT 1`).length > 0,
    group: () => GROUP,
    concurrency: () => (options.port() ? 1 : 0),
    start: async (row, signal) => {
      await clean(row, await openSegments(row), signal);
      await finish(row.id);
    },
    follow: (row) => finish(row.id),
    // A clip is never sent anywhere: nothing of it can be in doubt on a service.
    unknownOutcome: () => ({ id: 'core.clips.stopped' }),
    canceledNote: () => said('core.clips.stopped'),
  };
}
