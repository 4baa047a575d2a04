/** Time and timers, passed in so the poller can run on a simulated clock in benchmarks. */
export interface Clock {
  now(): number;
  setTimer(callback: () => void, delayMs: number): { cancel(): void };
}

export const systemClock: Clock = {
  now: () => Date.now(),
  setTimer(callback, delayMs) {
    const handle = setTimeout(callback, Math.max(0, delayMs));
    return { cancel: () => clearTimeout(handle) };
  },
};
