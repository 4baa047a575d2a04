import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { TaskEngine, type TaskEngineOptions } from '../lifecycle/task-engine.ts';
import { clipJobs, type ClipJobsOptions } from './clip-jobs.ts';
import type { ClipRow } from './clip-row.ts';
import { removeSegments } from './clip-segments.ts';

export type ClipEngineOptions = TaskEngineOptions & ClipJobsOptions;

/** Why a running clip was stopped by Pause, so its failure puts it back in the queue. */
const PAUSED = new Error('paused');

/**
 * Clips cleaned in the window (issue #38), on the one lifecycle: adding clips, and Pause,
 * which stops the clip being cleaned and starts none until Resume. A paused clip goes back
 * to the queue with the segments it finished kept, and carries on after them on resume. A
 * cancelled clip's segments are removed.
 */
export class ClipEngine extends TaskEngine<ClipRow> {
  private readonly segmentsDir: string;

  constructor(options: ClipEngineOptions) {
    super(options, (life) => clipJobs(options, life));
    this.segmentsDir = options.segmentsDir;
  }

  /** Also removes what a cancelled clip kept; one being cleaned has its removed as it stops. */
  override cancel(ids: readonly string[]): number {
    const running = new Set(ids.filter((id) => this.running.has(id)));
    const count = super.cancel(ids);
    for (const id of ids) {
      if (!running.has(id) && this.adapter.row(id)?.state === 'canceled') this.forget(id);
    }
    return count;
  }

  /** Removals of cancelled clips' segments under way: the engine is idle once they are done. */
  private readonly removals = new Set<Promise<void>>();

  /**
   * Removes a clip's segments. `rm` with `force` fails only when the data folder itself
   * refuses (its permissions): the clip is cancelled all the same, and what is left there is
   * inside the data folder, never under a name in the user's folders.
   */
  private forget(id: string): void {
    const removal = removeSegments(this.segmentsDir, id)
      .catch(() => undefined)
      .finally(() => this.removals.delete(removal));
    this.removals.add(removal);
  }

  override async whenIdle(): Promise<void> {
    await super.whenIdle();
    await Promise.all(this.removals);
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
    if (this.adapter.row(id)?.state === 'canceled') this.forget(id);
  }
}
