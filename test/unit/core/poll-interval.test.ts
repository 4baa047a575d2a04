import { describe, expect, it } from 'vitest';
import { VIDEO_POLL_ENV, videoPollInterval } from '../../../src-main/core/api/poll-interval.ts';
import { Poller, type PollOutcome } from '../../../src-main/core/api/poller.ts';
import { VirtualClock } from '../../support/virtual-clock.ts';

describe('videoPollInterval', () => {
  it("keeps the service's 5 to 10 s unless the environment names a positive number", () => {
    for (const value of [undefined, '', ' ', 'soon', '0', '-2', 'Infinity']) {
      expect(videoPollInterval({ [VIDEO_POLL_ENV]: value })).toEqual({ min: 5, max: 10 });
    }
    expect(videoPollInterval({ [VIDEO_POLL_ENV]: ' 0.25 ' })).toEqual({ min: 0.25, max: 0.5 });
  });

  it('has the poller ask about a video task at the pace the environment names', async () => {
    const clock = new VirtualClock();
    const poller = new Poller({
      clock,
      videoInterval: videoPollInterval({ [VIDEO_POLL_ENV]: '0.5' }),
    });
    const times = [clock.now()];
    const answer = (): Promise<PollOutcome<number>> => {
      times.push(clock.now());
      return Promise.resolve(
        times.length > 4 ? { done: true, value: times.length - 1 } : { done: false },
      );
    };
    const asks = poller.track({ kind: 'video', check: answer });
    for (let i = 0; i < 100 && poller.size > 0; i += 1) {
      await poller.whenIdle();
      await new Promise((resolve) => setImmediate(resolve));
      if (poller.size > 0) clock.advance();
    }
    await expect(asks).resolves.toBe(4);
    const gaps = times.slice(1).map((at, i) => at - (times[i] as number));
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(500);
    expect(Math.max(...gaps)).toBeLessThanOrEqual(1000);
  });
});
