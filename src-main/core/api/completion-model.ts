/**
 * Learns how long watermark tasks take from the ones that finished, and says when to ask
 * about a task next: first near the usual completion time, then at ever later quantiles
 * (each check halves the chance the task is still running), then with a growing back-off
 * once it is later than any task seen.
 */
export interface CompletionModelOptions {
  /** How many recent completions are remembered. */
  window: number;
  /** The quantile of the first check; 0.5 means half the tasks are done by then. */
  firstQuantile: number;
  /** Before enough tasks have finished: the first check, and the factor between checks. */
  initialDelayMs: number;
  growth: number;
  /** Never ask twice about a task within this, nor wait longer than the cap between checks. */
  minGapMs: number;
  maxGapMs: number;
}

export const DEFAULT_COMPLETION_MODEL: CompletionModelOptions = {
  window: 64,
  firstQuantile: 0.35,
  initialDelayMs: 1000,
  growth: 1.5,
  minGapMs: 50,
  maxGapMs: 5000,
};

const MIN_SAMPLES = 4;

export class CompletionModel {
  private readonly options: CompletionModelOptions;
  private readonly samples: number[] = [];
  private sorted: number[] = [];

  constructor(options: Partial<CompletionModelOptions> = {}) {
    this.options = { ...DEFAULT_COMPLETION_MODEL, ...options };
  }

  /**
   * A task seen still running at `lastPendingMs` and done at `doneMs` (both since submit)
   * finished somewhere in between; the middle is the best single guess.
   */
  record(lastPendingMs: number, doneMs: number): void {
    this.samples.push((Math.max(0, lastPendingMs) + doneMs) / 2);
    if (this.samples.length > this.options.window) this.samples.shift();
    this.sorted = [...this.samples].sort((a, b) => a - b);
  }

  get sampleCount(): number {
    return this.samples.length;
  }

  private quantile(level: number): number {
    const { sorted } = this;
    const position = level * (sorted.length - 1);
    const low = Math.floor(position);
    const high = Math.min(sorted.length - 1, low + 1);
    const a = sorted[low] as number;
    const b = sorted[high] as number;
    return a + (b - a) * (position - low);
  }

  /** Milliseconds since submit at which to ask next, given the checks made so far. */
  nextCheckMs(elapsedMs: number, checksSoFar: number, lastGapMs: number): number {
    const { minGapMs, maxGapMs, initialDelayMs, growth, firstQuantile } = this.options;
    const earliest = elapsedMs + (checksSoFar === 0 ? 0 : minGapMs);
    if (this.samples.length < MIN_SAMPLES) {
      if (checksSoFar === 0) return Math.max(earliest, initialDelayMs);
      return elapsedMs + Math.min(maxGapMs, Math.max(minGapMs, lastGapMs * growth));
    }
    const longest = this.sorted[this.sorted.length - 1] as number;
    for (let k = checksSoFar; k < checksSoFar + 30; k += 1) {
      const level = 1 - (1 - firstQuantile) * 0.5 ** k;
      const at = this.quantile(level);
      if (at >= longest) break;
      if (at >= earliest) return at;
    }
    const beyond = Math.max(minGapMs, Math.min(maxGapMs, (lastGapMs || minGapMs) * growth));
    return Math.max(earliest, elapsedMs + beyond, checksSoFar === 0 ? longest : 0);
  }
}
