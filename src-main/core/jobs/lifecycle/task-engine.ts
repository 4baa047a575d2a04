import {
  IN_FLIGHT_STATES,
  RETRYABLE_STATES,
  retryTarget,
  type JobKind,
  type JobState,
} from '../../../../src-shared/domain/job-states.ts';
import type { Wording } from '../../i18n/core-words.ts';
import { storedError } from './outcome.ts';
import { failureStep, fairShare, JobLoop, type Startable } from './job-loop.ts';
import type { JobEvent, TransitionPatch } from '../store/job-tables.ts';
import type { JobStore } from '../store/store.ts';

/** What the lifecycle reads of any job's row. */
export interface JobRow {
  id: string;
  state: JobState;
  remote_task_id: string | null;
}

/** What a kind's work may ask of the lifecycle that runs it. */
export interface Lifecycle {
  readonly store: JobStore;
  /** Moves a job through the store's state machine and tells the screens. */
  move(id: string, to: JobState, patch?: TransitionPatch): void;
  /** Tells the screens of an event the store recorded outside a move. */
  announce(event: JobEvent | undefined): void;
  /** Starts a job's work at once, outside the queue (a task attached from the service). */
  launch(job: Startable): void;
  /** Starts whatever is queued and may run. */
  pump(): void;
}

/**
 * One kind of job, as the lifecycle sees it: where its rows are, how they share the slots,
 * and its own steps. The lifecycle calls `start` for a queued job (prepare, submit, check,
 * collect), `follow` for one that holds a task id (check, collect) and `unsure` for one
 * caught while being sent; everything between (recovery, slots, retry, cancel, waiting for
 * disk, what a failure means) is the lifecycle's.
 */
export interface JobAdapter<Row extends JobRow> {
  readonly kind: JobKind;
  row(id: string): Row | undefined;
  inFlight(): Row[];
  /** Enough queued rows, oldest first, for `free` slots shared fairly. */
  queued(free: number): Row[];
  anyQueued(): boolean;
  /** The group a job's slots are shared within (its batch, its shot). */
  group(row: Row): string;
  concurrency(): number;
  start(row: Row, signal: AbortSignal): Promise<void>;
  /** Carries on a job in flight (submitted or later) from the state it is stored in. */
  follow(row: Row, signal: AbortSignal): Promise<void>;
  /**
   * A job whose submission may or may not have reached the service: the work that looks it
   * up, or none when it cannot be (the lifecycle then leaves it for the user's word).
   */
  unsure?(row: Row, signal: AbortSignal): Promise<void>;
  /** Clears what a crash left before the jobs in flight are picked up. */
  beforeRecover?(): void;
  /** Throws, with the sentence the user reads, when a job may not be sent as a new attempt. */
  refuseNewAttempt?(id: string): void;
  /** What the user reads when a submission may have been paid for. */
  unknownOutcome(): Wording;
  /** What the user reads when polling stops on their word. */
  canceledNote(): string;
}

export interface TaskEngineOptions {
  store: JobStore;
  onEvent?: (event: JobEvent) => void;
  /** How often a job waiting for disk space looks again; tests shorten it. */
  spaceCheckMs?: number;
}

/**
 * The life of every job that holds a task on the service once sent, written once over an
 * adapter per kind (as Signal Desktop's `JobQueue<T>`): recovery after a restart, a fair
 * share of the slots per group, what a failure means, Retry (asks the service again by the
 * task id, free), Send again (a new paid attempt, only on the user's word) and cancel.
 */
export class TaskEngine<Row extends JobRow> extends JobLoop implements Lifecycle {
  readonly store: JobStore;
  protected readonly adapter: JobAdapter<Row>;
  private readonly onEvent: ((event: JobEvent) => void) | undefined;

  constructor(options: TaskEngineOptions, adapterOf: (life: Lifecycle) => JobAdapter<Row>) {
    super();
    this.store = options.store;
    this.onEvent = options.onEvent;
    if (options.spaceCheckMs !== undefined) this.spaceCheckMs = options.spaceCheckMs;
    this.adapter = adapterOf(this);
  }

  move(id: string, to: JobState, patch: TransitionPatch = {}): void {
    // Not folded into `onEvent?.(…)`: an optional call skips evaluating its argument.
    const event = this.store.transition(this.adapter.kind, id, to, patch);
    this.onEvent?.(event);
  }

  announce(event: JobEvent | undefined): void {
    if (event) this.onEvent?.(event);
  }

  override launch(job: Startable): void {
    super.launch(job);
  }

  override pump(): void {
    super.pump();
  }

  /**
   * Brings jobs a previous run left in flight back to life: local steps start again, a job
   * with a task id is followed by that id, and one caught being sent is looked up or left
   * for the user, never simply sent again.
   */
  recover(): void {
    this.adapter.beforeRecover?.();
    for (const job of this.adapter.inFlight()) {
      const work = this.resumable(job.id);
      if (work) this.launch(work);
    }
    this.pump();
  }

  protected resumable(id: string): Startable | undefined {
    const job = this.adapter.row(id);
    if (job?.state === 'preparing') this.move(id, 'queued', { detail: { recovered: true } });
    else if (job?.state === 'submitting') {
      const { adapter } = this;
      if (adapter.unsure) {
        return this.startable(job, async (signal) => {
          await adapter.unsure?.(job, signal);
        });
      }
      this.move(id, 'needs-attention', {
        error: storedError('unknown-outcome', this.adapter.unknownOutcome()),
      });
    } else if (job && IN_FLIGHT_STATES.includes(job.state)) {
      return this.startable(job, (signal) => this.adapter.follow(job, signal));
    }
    return undefined;
  }

  protected startable(job: Row, work: (signal: AbortSignal) => Promise<void>): Startable {
    return { id: job.id, group: this.adapter.group(job), work };
  }

  protected noteWaiting(id: string, error: { code: string; message: string } | null): void {
    this.announce(this.store.noteWaiting(this.adapter.kind, id, error));
  }

  protected concurrency(): number {
    return this.adapter.concurrency();
  }

  protected hasQueued(): boolean {
    return this.adapter.anyQueued();
  }

  protected nextJobs(free: number, runningPerGroup: Map<string, number>): Startable[] {
    return fairShare(
      this.adapter.queued(free),
      (job) => this.adapter.group(job),
      free,
      runningPerGroup,
    ).map((job) => this.startable(job, (signal) => this.adapter.start(job, signal)));
  }

  protected settleFailure(id: string, error: unknown, signal: AbortSignal): void {
    const step = failureStep({
      state: this.adapter.row(id)?.state,
      error,
      aborted: signal.aborted,
      stopping: this.stopped,
      unknownOutcome: this.adapter.unknownOutcome(),
      canceledNote: this.adapter.canceledNote(),
    });
    if (step) this.move(id, step.to, step.patch);
  }

  /**
   * Stops work on jobs: one waiting (in the queue, for the user, for disk space) is canceled
   * at once; one running is aborted, and its failure records the cancel. A task already sent
   * may still be processed and billed by the service. Returns how many were canceled or
   * stopped: jobs that are gone or already settled are not counted.
   */
  cancel(ids: readonly string[]): number {
    let count = 0;
    for (const id of ids) {
      const state = this.adapter.row(id)?.state;
      if (!state) continue;
      if (state === 'queued' || state === 'needs-attention' || this.stopWaiting(id)) {
        this.move(id, 'canceled');
        count += 1;
      } else if (this.abortRunning(id)) count += 1;
    }
    return count;
  }

  /**
   * Tries jobs again without paying twice: one that holds a task id is asked again by that id
   * (free), polled and downloaded as after a restart; only one the service never took goes
   * back to the queue to be sent. A refused request changes nothing. Returns how many were
   * retried.
   */
  retry(ids: readonly string[]): number {
    const targets = ids.map((id) => {
      const job = this.adapter.row(id);
      return { id, target: job && retryTarget(job.state, job.remote_task_id !== null) };
    });
    for (const { id, target } of targets) {
      if (target === 'queued') this.adapter.refuseNewAttempt?.(id);
    }
    let count = 0;
    for (const { id, target } of targets) {
      if (!target) continue;
      count += 1;
      if (target === 'queued') {
        this.move(id, 'queued', { detail: { retry: true } });
        continue;
      }
      this.move(id, 'submitted', { error: null, detail: { checkAgain: true } });
      const work = this.resumable(id);
      if (work) this.launch(work);
    }
    this.pump();
    return count;
  }

  /**
   * A new paid attempt, on the user's explicit word: the task id a job held is forgotten and
   * it is sent again, at its cost. Returns how many were sent again.
   */
  sendAgain(ids: readonly string[]): number {
    for (const id of ids) this.adapter.refuseNewAttempt?.(id);
    let count = 0;
    for (const id of ids) {
      const job = this.adapter.row(id);
      if (!job || !RETRYABLE_STATES.has(job.state)) continue;
      this.move(id, 'queued', { detail: { sendAgain: true } });
      count += 1;
    }
    this.pump();
    return count;
  }
}
