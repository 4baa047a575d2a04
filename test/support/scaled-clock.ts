import type { Clock } from '../../src-main/core/api/clock.ts';

/**
 * A clock that runs `scale` times faster than the wall clock, shared by the simulator and the
 * poller in a test, so a 5-10 s video poll interval passes in a fraction of a second.
 */
export function scaledClock(scale: number): Clock {
  const origin = Date.now();
  return {
    now: () => origin + (Date.now() - origin) * scale,
    setTimer(callback, delayMs) {
      const handle = setTimeout(callback, Math.max(0, delayMs) / scale);
      return { cancel: () => clearTimeout(handle) };
    },
  };
}
