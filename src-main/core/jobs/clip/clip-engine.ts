import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { TaskEngine, type TaskEngineOptions } from '../lifecycle/task-engine.ts';
import { clipJobs, type ClipJobsOptions } from './clip-jobs.ts';
import type { ClipRow } from './clip-row.ts';

export type ClipEngineOptions = TaskEngineOptions & ClipJobsOptions;

/** Why a running clip was stopped by Pause, so its failure puts it back in the queue. */
const PAUSED = new Error('paused');

/**
 * Clips cleaned in the window (issue #38), on the one lifecycle: adding clips, and Pause,
 * which stops the clip being cleaned and starts none until Resume. A paused clip goes back
 * to the queue and starts again from its first frame (the clean-up writes a clip whole).
 */
export class ClipEngine extends TaskEngine<ClipRow> {
  constructor(options: ClipEngineOptions) {
    super(options, (life) => clipJobs(options, life));
  }

  /**
   * Adds clips in one transaction; `root` is the folder each was dropped as part of, `mask`
   * the mask accepted for it before Run.
   */
  add(inputs: ReadonlyArray<{ inputPath: string; root?: string; mask?: string }>): string[] {
    const insert = this.store.statement(
      `INSERT INTO clip_jobs (id, input_path, root, mask, state, created_at, updated_at)
       VALUES (?, ?, ?, ?, 'queued', ?, ?)`,
    );
    const events = this.store.db
      .transaction(() =>
        inputs.map((input) => {
          const id = randomUUID();
          const at = this.store.now();
          insert.run(
            id,
            path.resolve(input.inputPath),
            input.root ?? null,
            input.mask ?? null,
            at,
            at,
          );
          return this.store.appendEvent(id, 'clip', 'queued', undefined);
        }),
      )
      .immediate();
    for (const event of events) this.announce(event);
    this.pump();
    return events.map((event) => event.jobId);
  }

  /** Stops the clip being cleaned (back to the queue) and starts no other until `resume`. */
  override pause(): void {
    super.pause();
    for (const [id, { controller }] of this.running) {
      if (this.adapter.row(id)?.state === 'preparing') controller.abort(PAUSED);
    }
  }

  protected override settleFailure(id: string, error: unknown, signal: AbortSignal): void {
    if (signal.reason === PAUSED && this.adapter.row(id)?.state === 'preparing') {
      this.move(id, 'queued', { detail: { paused: true } });
      return;
    }
    super.settleFailure(id, error, signal);
  }
}
