import type { WatermarkJobView } from '../../../src-shared/ipc/contract.ts';

/** How often a window hears about job changes: a few times a second is smooth and cheap. */
export const JOB_EVENT_INTERVAL_MS = 250;

/**
 * Collects job changes and hands them on at most once per interval, keeping only the newest
 * view of each job, so a batch of 800 images moving through seven states makes a handful of
 * messages a second instead of thousands.
 */
export class JobEventBatcher {
  private readonly pending = new Map<string, WatermarkJobView>();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private readonly flushTo: (jobs: WatermarkJobView[]) => void;
  private readonly intervalMs: number;

  constructor(flushTo: (jobs: WatermarkJobView[]) => void, intervalMs = JOB_EVENT_INTERVAL_MS) {
    this.flushTo = flushTo;
    this.intervalMs = intervalMs;
  }

  push(job: WatermarkJobView): void {
    const seen = this.pending.get(job.id);
    if (!seen || seen.seq <= job.seq) this.pending.set(job.id, job);
    this.timer ??= setTimeout(() => this.flush(), this.intervalMs);
  }

  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    if (this.pending.size === 0) return;
    const jobs = [...this.pending.values()];
    this.pending.clear();
    this.flushTo(jobs);
  }

  dispose(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.pending.clear();
  }
}
