import type { Clock } from '../../src-main/core/api/clock.ts';

/** A clock that stands still until told to jump to its next timer. */
export class VirtualClock implements Clock {
  private time: number;
  private timers: Array<{ at: number; seq: number; callback: () => void }> = [];
  private seq = 0;

  constructor(start = Date.parse('2026-11-21T12:00:00Z')) {
    this.time = start;
  }

  now = (): number => this.time;

  setTimer(callback: () => void, delayMs: number): { cancel(): void } {
    const timer = { at: this.time + Math.max(0, delayMs), seq: this.seq++, callback };
    this.timers.push(timer);
    return { cancel: () => (this.timers = this.timers.filter((t) => t !== timer)) };
  }

  /** Moves time to the earliest timer and fires it; false when there is none. */
  advance(): boolean {
    if (this.timers.length === 0) return false;
    this.timers.sort((a, b) => a.at - b.at || a.seq - b.seq);
    const next = this.timers.shift() as { at: number; callback: () => void };
    this.time = Math.max(this.time, next.at);
    next.callback();
    return true;
  }

  /** Moves time forward without firing anything. */
  skip(ms: number): void {
    this.time += ms;
  }
}
