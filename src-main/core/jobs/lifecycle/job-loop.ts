import { SETTLED_STATES, type JobState } from '../../../../src-shared/domain/job-states.ts';
import { asDiskFull, diskSpace, type DiskFullError } from '../../fs/disk-space.ts';
import type { Wording } from '../../i18n/core-words.ts';
import { errorValue, storedError, submissionOutcome } from './outcome.ts';
import type { TransitionPatch } from '../store/job-tables.ts';

/** One piece of work the loop may start: a job id, its group for the fair share, and the work. */
export interface Startable {
  id: string;
  group: string;
  work: (signal: AbortSignal) => Promise<void>;
}

/** Room a waiting job wants beyond the bytes it was writing, for the file system's own blocks. */
const SPACE_MARGIN_BYTES = 64 * 1024;
/** What a job wants free when its write did not say how much it needed. */
const UNKNOWN_NEED_BYTES = 256 * 1024;

/**
 * The mechanics every engine shares: a bounded set of running jobs, pause and resume, stop
 * (which leaves each job's state for the next start), waiting out a full disk, and a promise
 * for "nothing left to do". An engine says how many may run, which jobs come next and how a
 * job resumes; the loop does the rest.
 */
export abstract class JobLoop {
  /** Jobs being worked on, with the group each belongs to. */
  protected readonly running = new Map<string, { controller: AbortController; group: string }>();
  /**
   * Jobs that met a full disk, with where they were writing and how many bytes must be free
   * there before they try again. They keep their state; nothing new starts while any waits,
   * so no more work is paid for than can be saved.
   */
  private readonly waitingForSpace = new Map<string, { where: string; wants: number }>();
  private spaceTimer: ReturnType<typeof setTimeout> | undefined;
  /** How often a waiting job's disk is looked at. */
  protected spaceCheckMs = 5000;
  private paused = false;
  protected stopped = false;
  private idleWaiters: Array<() => void> = [];

  /** How many jobs may run at once, read on every pump so a settings change applies at once. */
  protected abstract concurrency(): number;
  protected abstract hasQueued(): boolean;
  /** Up to `free` jobs to start now, given how many run per group. */
  protected abstract nextJobs(free: number, runningPerGroup: Map<string, number>): Startable[];
  /** Records what a job's failure means; the signal tells a cancel or stop from a failure. */
  protected abstract settleFailure(id: string, error: unknown, signal: AbortSignal): void;
  /**
   * The work that carries a job on from the state it is stored in (after a restart, or once
   * a full disk has room), or undefined when it needs none or was put back in the queue.
   */
  protected abstract resumable(id: string): Startable | undefined;
  /** Records why a job waits (or, with null, that it waits no more) and tells the screens. */
  protected abstract noteWaiting(id: string, error: { code: string; message: string } | null): void;

  pause(): void {
    this.paused = true;
  }

  resume(): void {
    this.paused = false;
    this.pump();
  }

  /** Starts whatever is queued and may run; for jobs added without going through the engine. */
  wake(): void {
    this.pump();
  }

  get isPaused(): boolean {
    return this.paused;
  }

  /** Resolves when nothing runs and nothing that could run is queued. */
  whenIdle(): Promise<void> {
    if (this.isIdle()) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /** Stops starting jobs and stops polling; jobs keep their state for the next start. */
  stop(): void {
    this.stopped = true;
    for (const { controller } of this.running.values()) controller.abort(new Error('stopping'));
    clearTimeout(this.spaceTimer);
    this.spaceTimer = undefined;
    this.waitingForSpace.clear();
  }

  /** Takes a job off the wait for disk space (it is being canceled); false if it was not waiting. */
  protected stopWaiting(id: string): boolean {
    return this.waitingForSpace.delete(id);
  }

  /** Aborts one running job; its `onFailure` decides what that means. */
  protected abortRunning(id: string): boolean {
    const entry = this.running.get(id);
    entry?.controller.abort();
    return entry !== undefined;
  }

  private isIdle(): boolean {
    return (
      this.running.size === 0 &&
      this.waitingForSpace.size === 0 &&
      (this.paused || this.stopped || !this.hasQueued())
    );
  }

  protected pump(): void {
    const free = this.concurrency() - this.running.size;
    if (!this.paused && !this.stopped && free > 0 && this.waitingForSpace.size === 0) {
      const perGroup = new Map<string, number>();
      for (const { group } of this.running.values()) {
        perGroup.set(group, (perGroup.get(group) ?? 0) + 1);
      }
      for (const job of this.nextJobs(free, perGroup)) this.launch(job);
    }
    if (this.isIdle()) for (const resolve of this.idleWaiters.splice(0)) resolve();
  }

  protected launch(job: Startable): void {
    const controller = new AbortController();
    this.running.set(job.id, { controller, group: job.group });
    void job
      .work(controller.signal)
      .catch((error: unknown) => {
        const diskFull = controller.signal.aborted ? undefined : asDiskFull(error);
        if (diskFull && !this.stopped) {
          this.waitForSpace(job.id, diskFull);
          return;
        }
        this.settleFailure(job.id, error, controller.signal);
      })
      .finally(() => {
        this.running.delete(job.id);
        this.pump();
      });
  }

  /**
   * The wait is for an amount of room, not for the disk to change: a measure taken after the
   * failure may already include room freed since, and waiting for more than that could last
   * forever. Trying again is free (a result is fetched again by its task id), so a job whose
   * need was underestimated only waits again.
   */
  private waitForSpace(id: string, error: DiskFullError): void {
    this.waitingForSpace.set(id, {
      where: error.where,
      wants: (error.needed ?? UNKNOWN_NEED_BYTES) + SPACE_MARGIN_BYTES,
    });
    this.noteWaiting(id, errorValue(error));
    this.checkSpaceSoon();
  }

  /** One check at a time, on a timer that runs only while some job waits. */
  private checkSpaceSoon(): void {
    if (this.spaceTimer || this.stopped) return;
    this.spaceTimer = setTimeout(() => {
      void this.checkSpace().finally(() => {
        this.spaceTimer = undefined;
        if (this.waitingForSpace.size > 0) this.checkSpaceSoon();
      });
    }, this.spaceCheckMs);
  }

  /**
   * Carries on the waiting jobs that the room now free can hold, in the order they began to
   * wait, counting each one's need against its disk's free space so that jobs sharing a disk
   * do not all start for room only one of them can have. The others wait on.
   */
  private async checkSpace(): Promise<void> {
    const room = new Map<number, number>();
    for (const [id, waiting] of [...this.waitingForSpace]) {
      const space = await diskSpace(waiting.where).catch(() => undefined);
      if (this.stopped) return;
      if (!space) continue;
      const free = room.get(space.device) ?? space.free;
      if (free < waiting.wants || !this.waitingForSpace.delete(id)) continue;
      room.set(space.device, free - waiting.wants);
      this.noteWaiting(id, null);
      const work = this.resumable(id);
      if (work) this.launch(work);
    }
    this.pump();
  }
}

/**
 * Picks up to `free` jobs from queues grouped by batch, each slot going to the group with
 * the fewest jobs running, so a single new job is not stuck behind a batch of 800.
 */
export function fairShare<T>(
  queued: readonly T[],
  groupOf: (item: T) => string,
  free: number,
  runningPerGroup: Map<string, number>,
): T[] {
  const waiting = new Map<string, T[]>();
  for (const item of queued) {
    const group = waiting.get(groupOf(item));
    if (group) group.push(item);
    else waiting.set(groupOf(item), [item]);
  }
  const counts = new Map(runningPerGroup);
  const chosen: T[] = [];
  while (chosen.length < free && waiting.size > 0) {
    let pick: string | undefined;
    for (const group of waiting.keys()) {
      if (pick === undefined || (counts.get(group) ?? 0) < (counts.get(pick) ?? 0)) pick = group;
    }
    const items = waiting.get(pick as string) as T[];
    chosen.push(items.shift() as T);
    if (items.length === 0) waiting.delete(pick as string);
    counts.set(pick as string, (counts.get(pick as string) ?? 0) + 1);
  }
  return chosen;
}

/** The move a failed job makes, or none when it is already settled or is being stopped. */
export function failureStep(failure: {
  state: JobState | undefined;
  error: unknown;
  aborted: boolean;
  stopping: boolean;
  /** What the user reads when a submission may have been paid for. */
  unknownOutcome: Wording;
  /** What the user reads when polling stops on their word. */
  canceledNote: string;
}): { to: JobState; patch: TransitionPatch } | undefined {
  const { state, error, aborted } = failure;
  if (!state || SETTLED_STATES.has(state)) return undefined;
  // Stopping the engine leaves each job where it is, for the next start to resume.
  if (failure.stopping && aborted) return undefined;
  if (state === 'submitting') {
    return submissionOutcome(error) === 'unknown'
      ? {
          to: 'needs-attention',
          patch: { error: storedError('unknown-outcome', failure.unknownOutcome) },
        }
      : { to: 'failed', patch: { error: errorValue(error) } };
  }
  if (aborted) return { to: 'canceled', patch: { detail: { note: failure.canceledNote } } };
  return { to: 'failed', patch: { error: errorValue(error) } };
}
