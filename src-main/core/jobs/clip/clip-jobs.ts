import { mkdir, rename } from 'node:fs/promises';
import path from 'node:path';
import { refusalKey } from '../../../../src-shared/domain/clip-jobs.ts';
import type { Settings } from '../../../../src-shared/domain/settings.ts';
import { sweepOwnedTemps, tempPathFor } from '../../fs/temp-files.ts';
import { said } from '../../i18n/core-words.ts';
import { outputDirFor } from '../../media/output.ts';
import { UserFacingError } from '../../user-error.ts';
import type { JobAdapter, Lifecycle } from '../lifecycle/task-engine.ts';
import { claimClip, clipFileName, recordClipProvenance } from './clip-output.ts';
import type { ClipPort, ClipProgress } from './clip-port.ts';
import type { ClipRow } from './clip-row.ts';

export interface ClipJobsOptions {
  settings: () => Pick<Settings, 'outputFolder' | 'folderLayout' | 'filenameTemplate'>;
  /** The window's clean-up, when a window is there to do it; clips wait for one. */
  port: () => ClipPort | undefined;
  onProgress?: (id: string, progress: ClipProgress) => void;
}

/** Every clip shares one slot: a clip's frames take all the window's encoder can give. */
const GROUP = 'clips';

/**
 * The clip kind's steps. `preparing` is the whole clean-up in the window (nothing is sent or
 * paid); `downloading` is the complete file taking its name. A restart during `preparing`
 * starts the clip again from its first frame (the lifecycle puts it back in the queue): the
 * window's clean-up writes the clip whole, not in segments. One in `downloading` only claims
 * its name. A cancel or a refusal removes the hidden file, so nothing is left under a name.
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
    life.move(id, 'done', { outputPath: written });
  };

  const clean = async (row: ClipRow, signal: AbortSignal) => {
    const port = options.port();
    const name = path.basename(row.input_path);
    if (!port) throw new UserFacingError({ id: 'core.clips.stopped' });
    const settings = options.settings();
    const dir = outputDirFor(row.input_path, settings, row.root ?? undefined);
    await mkdir(dir, { recursive: true });
    // What a run cut off by a crash left: its frames are done again from the first.
    await sweepOwnedTemps(dir, row.id);
    const temp = tempPathFor(path.join(dir, name), 'part', row.id);
    try {
      const outcome = await port.clean(
        { jobId: row.id, input: row.input_path, temp, mask: row.mask ?? undefined },
        signal,
        (p) => options.onProgress?.(row.id, p),
      );
      if ('refused' in outcome) {
        throw new UserFacingError({
          id: 'core.clips.refused',
          values: { reason: refusalKey(outcome.refused), name },
        });
      }
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
      life.move(row.id, 'preparing');
      await clean(row, signal);
      await finish(row.id);
    },
    follow: (row) => finish(row.id),
    // A clip is never sent anywhere: nothing of it can be in doubt on a service.
    unknownOutcome: () => ({ id: 'core.clips.stopped' }),
    canceledNote: () => said('core.clips.stopped'),
  };
}
