/**
 * Learns when to ask about a watermark task from what earlier asks found. The plan is a few
 * moments after submit, each meant to find a set share of the tasks done (a third, two
 * thirds, nearly all): every ask that finds more done than its share moves earlier, every
 * one that finds fewer moves later, so each settles where its share of tasks has finished
 * (a running quantile, Robbins–Monro). Shares evenly spread keep a task's wait past its end
 * short for about two asks a task; an ask before any task can be done is not planned.
 * Later than the plan, asks back off with a growing gap.
 */
export interface CompletionModelOptions {
  /** The share of tasks each planned ask should find done, increasing, the last below 1. */
  shares: readonly number[];
  /** How far one ask's finding moves its moment, as a share of it, once many were seen. */
  step: number;
  /** Before anything was seen: the first check, and the factor between checks. */
  initialDelayMs: number;
  growth: number;
  /** Never ask twice about a task within this, nor wait longer than the cap between checks. */
  minGapMs: number;
  maxGapMs: number;
}

export const DEFAULT_COMPLETION_MODEL: CompletionModelOptions = {
  shares: [0.36, 0.69, 0.98],
  step: 0.02,
  initialDelayMs: 1000,
  growth: 1.5,
  minGapMs: 50,
  maxGapMs: 5000,
};

/** How far from its plan an ask may be, as a share of it, and still teach the plan. */
const OFF_PLAN = 0.1;
/** How many findings the first step counts as already made, to keep early steps small. */
const EARLY_FINDINGS = 8;

export class CompletionModel {
  private readonly options: CompletionModelOptions;
  /** The planned asks, in ms since submit; empty until a task has been seen. */
  private plan: number[] = [];
  /** Findings so far, for each planned ask: early ones move it further than later ones. */
  private seen: number[] = [];

  constructor(options: Partial<CompletionModelOptions> = {}) {
    this.options = { ...DEFAULT_COMPLETION_MODEL, ...options };
  }

  /** How many findings the plan has learned from. */
  get sampleCount(): number {
    return this.seen[0] ?? 0;
  }

  /** A copy that goes on learning on its own: a new kind of task starts from what is known. */
  fork(): CompletionModel {
    const copy = new CompletionModel(this.options);
    copy.plan = [...this.plan];
    // Its own first findings move it as far as a new model's would.
    copy.seen = this.seen.map(() => 0);
    return copy;
  }

  /**
   * What the `ask`-th ask (0 for the first) of a task found at `atMs` since submit: done or
   * still running. Past the plan, only the ask that finds a task done teaches (`outlived`).
   */
  observe(ask: number, atMs: number, done: boolean): void {
    const { shares, initialDelayMs, growth } = this.options;
    if (this.plan.length === 0) {
      // The first finding places the plan around the moment it was made.
      const first = done ? atMs * 0.9 : Math.max(atMs * growth, initialDelayMs);
      this.plan = shares.map((_, i) => first * growth ** (i / shares.length));
      this.seen = shares.map(() => 0);
    }
    if (ask >= shares.length) {
      if (done) this.outlived(atMs);
      return;
    }
    const planned = this.plan[ask] as number;
    // An ask far from its plan (a task resumed after a restart, a queue of checks) says
    // little about the planned moment.
    if (Math.abs(atMs - planned) > planned * OFF_PLAN) return;
    const before = ask === 0 ? 0 : (shares[ask - 1] as number);
    // Of the tasks still running at the ask before, the share this one should find done.
    const target = ((shares[ask] as number) - before) / (1 - before);
    const seen = (this.seen[ask] as number) + 1;
    this.seen[ask] = seen;
    // Findings come several at a time (tasks run side by side): early steps stay modest.
    const rate = Math.max(this.options.step, 1 / (seen + EARLY_FINDINGS));
    const factor = Math.exp(-rate * ((done ? 1 : 0) - target));
    this.plan[ask] = planned * factor;
    // Later asks that have learned little from their own findings move along: early on, the
    // whole plan finds its scale from the asks that are made most.
    for (let i = ask + 1; i < this.plan.length; i += 1) {
      this.plan[i] = (this.plan[i] as number) * factor ** (1 / (1 + (this.seen[i] as number)));
    }
    for (let i = 1; i < this.plan.length; i += 1) {
      const floor = (this.plan[i - 1] as number) + this.options.minGapMs;
      if ((this.plan[i] as number) < floor) this.plan[i] = floor;
    }
  }

  /**
   * A task found done only after every planned ask, at `atMs`: the whole plan moves towards
   * it, all the way while its last ask has found little (a new profile slower than those
   * known), hardly at all once it has found much (one task in fifty is meant to outlive it).
   */
  private outlived(atMs: number): void {
    const last = this.plan[this.plan.length - 1] as number;
    const weight = 1 / (1 + (this.seen[this.seen.length - 1] as number));
    const factor = (atMs / last) ** weight;
    this.plan = this.plan.map((at) => at * factor);
  }

  /** Milliseconds since submit at which to ask next, given the checks made so far. */
  nextCheckMs(elapsedMs: number, checksSoFar: number, lastGapMs: number): number {
    const { minGapMs, maxGapMs, initialDelayMs, growth } = this.options;
    const earliest = elapsedMs + (checksSoFar === 0 ? 0 : minGapMs);
    const planned = this.plan[checksSoFar];
    if (planned !== undefined) return Math.max(earliest, planned);
    if (checksSoFar === 0) return Math.max(earliest, initialDelayMs);
    return elapsedMs + Math.min(maxGapMs, Math.max(minGapMs, lastGapMs * growth));
  }
}

/**
 * The profile a watermark task's timing is learned under: the account that runs it and the
 * size of the image, in classes that double in pixels (a task's time grows with its size).
 */
export function taskProfile(account: string, pixels: number): string {
  return `${account} ${Math.round(Math.log2(Math.max(1, pixels)))}`;
}
