import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { UserFacingError } from '../user-error.ts';
import type { Handlers } from '../../../src-shared/ipc/common.ts';
import type { ClipView, clipsContract } from '../../../src-shared/ipc/clips.ts';
import { ClipEngine } from '../jobs/clip/clip-engine.ts';
import type { ClipOutcome, ClipPort, ClipProgress, ClipWork } from '../jobs/clip/clip-port.ts';
import type { ClipRow } from '../jobs/clip/clip-row.ts';
import { readStoredError } from '../jobs/lifecycle/outcome.ts';
import type { DeskContext } from './desk-context.ts';

interface Pending {
  work: ClipWork;
  resolve: (outcome: ClipOutcome) => void;
  reject: (error: Error) => void;
  progress: (progress: ClipProgress) => void;
}

/**
 * The clips desk and the port the window provides (issue #38): the engine's clean-up of a
 * clip is relayed to the window (`clips:work`, with the segment to start at), whose worker
 * decodes and encodes with WebCodecs and writes each finished segment back here in pieces,
 * to be kept by the engine's segment store; the engine then joins them and claims the final
 * name. Core touches no browser API.
 */
export class ClipDesk {
  readonly engine: ClipEngine;
  private ready = false;
  private readonly pending = new Map<string, Pending>();
  private readonly frames = new Map<string, ClipProgress>();
  /** Clips dropped and not yet run, by the token the window reads them with. */
  private readonly staged = new Map<string, string>();
  private readonly context: DeskContext;
  private readonly previewBase: string;

  constructor(context: DeskContext, options: { previewBase: string; segmentsDir: string }) {
    this.context = context;
    this.previewBase = options.previewBase;
    this.engine = new ClipEngine({
      store: context.store,
      settings: context.settings,
      segmentsDir: options.segmentsDir,
      port: () => (this.ready ? this.relay : undefined),
      onEvent: () => this.changed(),
      onProgress: (id, progress) => {
        this.frames.set(id, progress);
        this.changed();
      },
    });
  }

  private readonly relay: ClipPort = {
    clean: (work, signal, progress) =>
      new Promise<ClipOutcome>((resolve, reject) => {
        const { events } = this.context;
        // Stopped before it was asked for: the window is never asked.
        if (signal.aborted) {
          reject(signal.reason as Error);
          return;
        }
        this.pending.set(work.jobId, { work, resolve, reject, progress });
        signal.addEventListener(
          'abort',
          () => {
            this.pending.delete(work.jobId);
            events.emit('clips:stop', { jobId: work.jobId });
            reject(signal.reason as Error);
          },
          { once: true },
        );
        this.ask(work);
      }),
  };

  /** Asks the window to clean a clip from the segment `work` starts at, with its mask. */
  private ask(work: ClipWork): void {
    this.context.events.emit('clips:work', {
      jobId: work.jobId,
      source: `${this.previewBase}clip/${work.jobId}/input`,
      from: work.from,
      mask: work.mask,
    });
  }

  private row(id: string): ClipRow | undefined {
    return this.context.store.statement('SELECT * FROM clip_jobs WHERE id = ?').get(id) as
      ClipRow | undefined;
  }

  views(): ClipView[] {
    const rows = this.context.store
      .statement('SELECT * FROM clip_jobs ORDER BY created_at, rowid')
      .all() as ClipRow[];
    return rows.map((row) => {
      const error = readStoredError(row.error_json);
      return {
        id: row.id,
        input: row.input_path,
        state: row.state,
        output: row.output_path,
        error: error.ok ? (error.value ?? null) : null,
        frames: row.state === 'preparing' ? (this.frames.get(row.id) ?? null) : null,
      };
    });
  }

  private changed(): void {
    this.context.events.emit('clips:changed', { clips: this.views() });
  }

  /** The clip's file or its cleaned clip (a staged clip's file by its token), for the preview address. */
  previewFile(id: string, side: 'input' | 'output'): string | undefined {
    const staged = side === 'input' ? this.staged.get(id) : undefined;
    if (staged) return staged;
    const row = this.row(id);
    return (side === 'input' ? row?.input_path : row?.output_path) ?? undefined;
  }

  readonly handlers: Handlers<typeof clipsContract> = {
    'clips:add': ({ paths, masks }) => ({
      ids: this.engine.add(paths.map((inputPath) => ({ inputPath, mask: masks?.[inputPath] }))),
    }),
    'clips:stage': ({ paths }) => ({
      clips: paths.map((file) => {
        const token = randomUUID();
        this.staged.set(token, path.resolve(file));
        return { path: file, token };
      }),
    }),
    'clips:list': () => ({ clips: this.views() }),
    'clips:cancel': ({ ids }) => ({ count: this.engine.cancel(ids) }),
    'clips:retry': ({ ids }) => ({ count: this.engine.retry(ids) }),
    'clips:pause': ({ paused }) => {
      if (paused) this.engine.pause();
      else this.engine.resume();
      this.changed();
      return { paused: this.engine.isPaused };
    },
    'clips:ready': () => {
      this.ready = true;
      for (const { work } of this.pending.values()) this.ask(work);
      this.engine.wake();
      return {};
    },
    'clips:write': async ({ jobId, segment, offset, chunk }) => {
      await this.pending
        .get(jobId)
        ?.work.segments.write(segment, offset, Buffer.from(chunk, 'base64'));
      return {};
    },
    'clips:segment': async ({ jobId, segment, frames }) => {
      await this.pending.get(jobId)?.work.segments.finish(segment, frames);
      return {};
    },
    'clips:progress': ({ jobId, done, total }) => {
      this.pending.get(jobId)?.progress({ done, total });
      return {};
    },
    'clips:finished': ({ jobId, outcome }) => {
      const pending = this.pending.get(jobId);
      this.pending.delete(jobId);
      if (!pending) return {};
      // The window's own words for what stopped it (a decoder's, the browser's) go inside a
      // sentence that says what to do.
      if ('failed' in outcome) {
        pending.reject(
          new UserFacingError({
            id: 'core.clips.failed',
            values: { name: path.basename(pending.work.input), detail: outcome.failed },
          }),
        );
      } else pending.resolve(outcome);
      return {};
    },
  };
}
