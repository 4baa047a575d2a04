import { VIDEO_LIMITS } from '../../../src-shared/domain/limits.ts';
import { systemClock, type Clock } from './clock.ts';
import { CompletionModel, type CompletionModelOptions } from './completion-model.ts';
import { AbortedError, DeadlineError, type Operation } from './errors.ts';
import type { PollInterval } from './poll-interval.ts';
import { isRetryable } from './retry.ts';

export type PollKind = 'watermark' | 'video';

/** What one check learned: finished with a value, or not yet. */
export type PollOutcome<T> = { done: true; value: T } | { done: false };

export interface TrackRequest<T> {
  kind: PollKind;
  /** Asks the service once. Retryable failures are asked again later; others end the task. */
  check: () => Promise<PollOutcome<T>>;
  /** When the task was submitted (defaults to now); a resumed task passes its stored time. */
  submittedAt?: number;
  /** Overrides the kind's deadline, counted from `deadlineFrom`. */
  deadlineMs?: number;
  /**
   * When the wait began, for the deadline (defaults to `submittedAt`): a task the user asks
   * about again after it gave up gets a whole new wait, counted from that moment.
   */
  deadlineFrom?: number;
  signal?: AbortSignal;
  /**
   * Watermark tasks that take alike (the account and the image's size): each profile learns
   * its own timing, starting from what all tasks taught so far.
   */
  profile?: string;
}

export interface PollerOptions {
  clock?: Clock;
  /** Checks running at once, across all tasks. */
  maxInFlight?: number;
  deadlines?: Partial<Record<PollKind, number>>;
  completionModel?: Partial<CompletionModelOptions>;
  random?: () => number;
  /** Seconds between asks about a video task; the service's pace by default. */
  videoInterval?: PollInterval;
}

export const DEFAULT_DEADLINES: Record<PollKind, number> = {
  watermark: 10 * 60 * 1000,
  video: 2 * 60 * 60 * 1000,
};

const OPERATION: Record<PollKind, Operation> = {
  watermark: 'watermark.result',
  video: 'video.get',
};
const RETRY_GAP_MS = 2000;

interface Entry {
  id: number;
  kind: PollKind;
  check: () => Promise<PollOutcome<unknown>>;
  submittedAt: number;
  deadlineAt: number;
  /** How long the task may be waited for, from the start of this wait. */
  waitMs: number;
  dueAt: number;
  checks: number;
  /** What plans this task's asks; watermark tasks only. */
  model: CompletionModel | undefined;
  lastCheckAt: number | undefined;
  /** The time between the last two asks (the first counted from submit), for backing off. */
  lastGapMs: number;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
  detach: () => void;
}

/**
 * Owns every task in flight and decides when each is next asked, from one timer. Video tasks
 * are asked every 5 to 10 s, at the least busy second in that window so that hundreds of
 * tasks make an even stream of requests; watermark tasks near the time they usually finish.
 */
export class Poller {
  private readonly clock: Clock;
  private readonly maxInFlight: number;
  private readonly deadlines: Record<PollKind, number>;
  private readonly random: () => number;
  private readonly videoInterval: PollInterval;
  /** What every watermark task teaches, and the start of each profile's own model. */
  readonly completion: CompletionModel;
  private readonly profiles = new Map<string, CompletionModel>();
  /** Waiting entries ordered by `dueAt` (a binary heap). */
  private readonly heap: Entry[] = [];
  /** Checks planned per whole second, for spreading video checks. */
  private readonly plannedPerSecond = new Map<number, number>();
  private inFlight = 0;
  private nextId = 0;
  private timer: { cancel(): void; at: number } | undefined;
  private idleWaiters: Array<() => void> = [];

  constructor(options: PollerOptions = {}) {
    this.clock = options.clock ?? systemClock;
    this.maxInFlight = options.maxInFlight ?? 16;
    this.deadlines = { ...DEFAULT_DEADLINES, ...options.deadlines };
    this.random = options.random ?? Math.random;
    this.videoInterval = options.videoInterval ?? VIDEO_LIMITS.pollIntervalSeconds;
    this.completion = new CompletionModel(options.completionModel);
  }

  /** Tasks waiting or being checked. */
  get size(): number {
    return this.heap.length + this.inFlight;
  }

  /** When the next check is due, for a simulated clock to jump to. */
  get nextDueAt(): number | undefined {
    return this.heap[0]?.dueAt;
  }

  /** Resolves when no check is running. */
  whenIdle(): Promise<void> {
    if (this.inFlight === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  track<T>(request: TrackRequest<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const now = this.clock.now();
      const submittedAt = request.submittedAt ?? now;
      const waitMs = request.deadlineMs ?? this.deadlines[request.kind];
      const signal = request.signal;
      if (signal?.aborted) {
        reject(new AbortedError('polling was stopped', { operation: OPERATION[request.kind] }));
        return;
      }
      const entry: Entry = {
        id: this.nextId++,
        kind: request.kind,
        check: request.check,
        submittedAt,
        deadlineAt: Math.max(submittedAt, request.deadlineFrom ?? submittedAt) + waitMs,
        waitMs,
        dueAt: 0,
        checks: 0,
        model: request.kind === 'watermark' ? this.modelFor(request.profile) : undefined,
        lastCheckAt: undefined,
        lastGapMs: 0,
        resolve: resolve as (value: unknown) => void,
        reject,
        detach: () => undefined,
      };
      if (signal) {
        const onAbort = () => {
          if (this.remove(entry)) {
            entry.reject(
              new AbortedError('polling was stopped', { operation: OPERATION[entry.kind] }),
            );
          }
        };
        signal.addEventListener('abort', onAbort, { once: true });
        entry.detach = () => signal.removeEventListener('abort', onAbort);
      }
      this.schedule(entry, this.firstDueAt(entry, now));
    });
  }

  /** Stops every task: each rejects with AbortedError. Remote tasks are not cancelled. */
  stopAll(): void {
    for (const entry of this.heap.splice(0)) {
      entry.detach();
      entry.reject(new AbortedError('polling was stopped', { operation: OPERATION[entry.kind] }));
    }
    this.plannedPerSecond.clear();
    this.timer?.cancel();
    this.timer = undefined;
  }

  /** The model of a profile, made from the general one the first time the profile is seen. */
  private modelFor(profile: string | undefined): CompletionModel {
    if (profile === undefined) return this.completion;
    let model = this.profiles.get(profile);
    if (!model) {
      model = this.completion.fork();
      this.profiles.set(profile, model);
    }
    return model;
  }

  private firstDueAt(entry: Entry, now: number): number {
    // A task resumed after a restart was last asked at least that long ago: ask it now.
    if (!entry.model) return Math.max(now, this.spreadVideoCheck(entry.submittedAt));
    return entry.submittedAt + entry.model.nextCheckMs(now - entry.submittedAt, 0, 0);
  }

  private nextDueAfterCheck(entry: Entry, startedAt: number, now: number): number {
    if (!entry.model) return Math.max(now, this.spreadVideoCheck(startedAt));
    const elapsed = now - entry.submittedAt;
    return entry.submittedAt + entry.model.nextCheckMs(elapsed, entry.checks, entry.lastGapMs);
  }

  /** What one ask found, for the task's profile and for all tasks. */
  private learn(entry: Entry, startedAt: number, done: boolean): void {
    if (!entry.model) return;
    const ask = entry.checks - 1;
    entry.model.observe(ask, startedAt - entry.submittedAt, done);
    if (entry.model !== this.completion) {
      this.completion.observe(ask, startedAt - entry.submittedAt, done);
    }
  }

  /**
   * A time 5 to 10 s (the video interval) after `from`: of a few random candidates, the one whose second has the
   * fewest checks planned. Random keeps tasks apart; the choice flattens the request rate.
   */
  private spreadVideoCheck(from: number): number {
    const { min, max } = this.videoInterval;
    let best = 0;
    let bestLoad = Number.POSITIVE_INFINITY;
    for (let i = 0; i < 4; i += 1) {
      const at = from + (min + this.random() * (max - min)) * 1000;
      const load = this.plannedPerSecond.get(Math.floor(at / 1000)) ?? 0;
      if (load < bestLoad) {
        best = at;
        bestLoad = load;
      }
    }
    return best;
  }

  private schedule(entry: Entry, dueAt: number): void {
    entry.dueAt = Math.min(dueAt, entry.deadlineAt);
    const second = Math.floor(entry.dueAt / 1000);
    this.plannedPerSecond.set(second, (this.plannedPerSecond.get(second) ?? 0) + 1);
    this.push(entry);
    this.arm();
  }

  private unplan(entry: Entry): void {
    const second = Math.floor(entry.dueAt / 1000);
    const left = (this.plannedPerSecond.get(second) ?? 1) - 1;
    if (left > 0) this.plannedPerSecond.set(second, left);
    else this.plannedPerSecond.delete(second);
  }

  private arm(): void {
    const next = this.heap[0];
    if (!next || this.inFlight >= this.maxInFlight) return;
    if (this.timer && this.timer.at <= next.dueAt) return;
    this.timer?.cancel();
    const at = next.dueAt;
    const handle = this.clock.setTimer(() => {
      this.timer = undefined;
      this.runDue();
    }, at - this.clock.now());
    this.timer = { cancel: () => handle.cancel(), at };
  }

  private runDue(): void {
    const now = this.clock.now();
    while (this.inFlight < this.maxInFlight && this.heap[0] && this.heap[0].dueAt <= now) {
      const entry = this.pop() as Entry;
      this.unplan(entry);
      void this.runCheck(entry, now);
    }
    this.arm();
  }

  private async runCheck(entry: Entry, startedAt: number): Promise<void> {
    this.inFlight += 1;
    let outcome: PollOutcome<unknown> | undefined;
    let failure: unknown;
    try {
      outcome = await entry.check();
    } catch (error) {
      failure = error;
    }
    this.inFlight -= 1;
    const now = this.clock.now();
    entry.checks += 1;
    entry.lastGapMs = startedAt - (entry.lastCheckAt ?? entry.submittedAt);
    entry.lastCheckAt = startedAt;
    if (outcome) this.learn(entry, startedAt, outcome.done);

    if (outcome?.done) {
      entry.detach();
      entry.resolve(outcome.value);
    } else if (failure !== undefined && !isRetryable(failure, 'read')) {
      entry.detach();
      entry.reject(failure);
    } else if (now >= entry.deadlineAt) {
      entry.detach();
      entry.reject(
        new DeadlineError(Math.round(entry.waitMs / 60000), { operation: OPERATION[entry.kind] }),
      );
    } else {
      const due =
        failure === undefined
          ? this.nextDueAfterCheck(entry, startedAt, now)
          : Math.max(this.nextDueAfterCheck(entry, startedAt, now), now + RETRY_GAP_MS);
      this.schedule(entry, due);
    }
    this.arm();
    if (this.inFlight === 0) {
      for (const resolve of this.idleWaiters.splice(0)) resolve();
    }
  }

  private remove(entry: Entry): boolean {
    const index = this.heap.indexOf(entry);
    if (index < 0) return false;
    this.unplan(entry);
    const last = this.heap.pop() as Entry;
    if (index < this.heap.length) {
      this.heap[index] = last;
      this.siftDown(index);
      this.siftUp(index);
    }
    entry.detach();
    return true;
  }

  private push(entry: Entry): void {
    this.heap.push(entry);
    this.siftUp(this.heap.length - 1);
  }

  private pop(): Entry | undefined {
    const top = this.heap[0];
    const last = this.heap.pop();
    if (top && last && last !== top) {
      this.heap[0] = last;
      this.siftDown(0);
    }
    return top;
  }

  private before(a: number, b: number): boolean {
    const x = this.heap[a] as Entry;
    const y = this.heap[b] as Entry;
    return x.dueAt < y.dueAt || (x.dueAt === y.dueAt && x.id < y.id);
  }

  private siftUp(index: number): void {
    for (let i = index; i > 0;) {
      const parent = (i - 1) >> 1;
      if (!this.before(i, parent)) break;
      this.swap(i, parent);
      i = parent;
    }
  }

  private siftDown(index: number): void {
    for (let i = index; ;) {
      const left = 2 * i + 1;
      const right = left + 1;
      let smallest = i;
      if (left < this.heap.length && this.before(left, smallest)) smallest = left;
      if (right < this.heap.length && this.before(right, smallest)) smallest = right;
      if (smallest === i) return;
      this.swap(i, smallest);
      i = smallest;
    }
  }

  private swap(a: number, b: number): void {
    const x = this.heap[a] as Entry;
    this.heap[a] = this.heap[b] as Entry;
    this.heap[b] = x;
  }
}
