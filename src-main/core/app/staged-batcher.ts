import type { StagedBatch, StagedFile } from '../../../src-shared/ipc/contract.ts';
import { JOB_EVENT_INTERVAL_MS } from './event-batcher.ts';

/** Files one message carries at most: a message stays small however fast the disk is. */
export const STAGED_PER_MESSAGE = 250;

/**
 * Collects what one look at dropped files staged and hands it on once per interval, or
 * sooner when a message is full, so ten thousand files reach the window in a few dozen
 * messages, the first of them while the walk has only begun.
 */
export class StagedBatcher {
  private items: StagedFile[] = [];
  private skipped: StagedBatch['skipped'] = [];
  private timer: ReturnType<typeof setTimeout> | undefined;
  private readonly run: string;
  private readonly flushTo: (batch: StagedBatch) => void;
  private readonly intervalMs: number;

  constructor(
    run: string,
    flushTo: (batch: StagedBatch) => void,
    intervalMs = JOB_EVENT_INTERVAL_MS,
  ) {
    this.run = run;
    this.flushTo = flushTo;
    this.intervalMs = intervalMs;
  }

  push(found: StagedFile | StagedBatch['skipped'][number]): void {
    if ('reason' in found) this.skipped.push(found);
    else this.items.push(found);
    if (this.items.length + this.skipped.length >= STAGED_PER_MESSAGE) this.flush();
    else this.timer ??= setTimeout(() => this.flush(), this.intervalMs);
  }

  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    if (this.items.length === 0 && this.skipped.length === 0) return;
    const batch = { run: this.run, items: this.items, skipped: this.skipped };
    this.items = [];
    this.skipped = [];
    this.flushTo(batch);
  }
}
