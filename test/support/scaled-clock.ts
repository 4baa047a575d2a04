import type { Clock } from '../../src-main/core/api/clock.ts';

/** A scaled clock that can also be moved forward at once, as across a month's end. */
export interface ScaledClock extends Clock {
  /** Moves the time forward by `ms` without waiting; timers keep their real delays. */
  jump(ms: number): void;
}

/**
 * A clock that runs `scale` times faster than the wall clock, shared by the simulator and the
 * poller in a test, so a 5-10 s video poll interval passes in a fraction of a second. It
 * starts at `start` (now by default).
 */
export function scaledClock(scale: number, start = Date.now()): ScaledClock {
  const origin = Date.now();
  let offset = start - origin;
  return {
    now: () => origin + offset + (Date.now() - origin) * scale,
    jump: (ms) => {
      offset += ms;
    },
    setTimer(callback, delayMs) {
      const handle = setTimeout(callback, Math.max(0, delayMs) / scale);
      return { cancel: () => clearTimeout(handle) };
    },
  };
}
