import { describe, expect, it } from 'vitest';
import { CompletionModel } from '../../../src-main/core/api/completion-model.ts';
import {
  AbortedError,
  ServerError,
  TimeoutError,
  AuthenticationError,
} from '../../../src-main/core/api/errors.ts';
import { Poller, type PollOutcome } from '../../../src-main/core/api/poller.ts';
import { VirtualClock } from '../../support/virtual-clock.ts';

/** Runs the clock until the poller has nothing left. */
async function drain(clock: VirtualClock, poller: Poller): Promise<void> {
  for (let i = 0; i < 100_000 && poller.size > 0; i += 1) {
    await poller.whenIdle();
    await new Promise((resolve) => setImmediate(resolve));
    if (poller.size === 0 || !clock.advance()) break;
  }
}

describe('Poller', () => {
  it('asks about a video task every 5 to 10 s until it is done', async () => {
    const clock = new VirtualClock();
    const poller = new Poller({ clock });
    const start = clock.now();
    const asked: number[] = [];
    const done = poller.track<string>({
      kind: 'video',
      check: () => {
        asked.push(clock.now() - start);
        return Promise.resolve<PollOutcome<string>>(
          asked.length === 6 ? { done: true, value: 'ok' } : { done: false },
        );
      },
    });
    await drain(clock, poller);
    await expect(done).resolves.toBe('ok');
    const gaps = asked.map((at, i) => at - (i === 0 ? 0 : (asked[i - 1] as number)));
    for (const gap of gaps) {
      expect(gap).toBeGreaterThanOrEqual(5000);
      expect(gap).toBeLessThanOrEqual(10_000);
    }
  });

  it('keeps asking after retryable failures and stops at a final one', async () => {
    const clock = new VirtualClock();
    const poller = new Poller({ clock });
    let calls = 0;
    const survived = poller.track({
      kind: 'video',
      check: () => {
        calls += 1;
        if (calls < 3) return Promise.reject(new ServerError('boom', { operation: 'video.get' }));
        return Promise.resolve({ done: true as const, value: calls });
      },
    });
    const ended = poller.track({
      kind: 'video',
      check: () => Promise.reject(new AuthenticationError('no', { operation: 'video.get' })),
    });
    const endedResult = ended.catch((e: unknown) => e);
    await drain(clock, poller);
    await expect(survived).resolves.toBe(3);
    expect(await endedResult).toBeInstanceOf(AuthenticationError);
  });

  it('ends a task at its deadline with a TimeoutError, counted from when it was submitted', async () => {
    const clock = new VirtualClock();
    const poller = new Poller({ clock, deadlines: { watermark: 60_000 } });
    const never = () => Promise.resolve<PollOutcome<never>>({ done: false });
    const resumed = poller.track({
      kind: 'watermark',
      check: never,
      submittedAt: clock.now() - 50_000,
    });
    const outcome = resumed.catch((e: unknown) => e);
    await drain(clock, poller);
    expect(await outcome).toBeInstanceOf(TimeoutError);
    expect(clock.now()).toBeLessThanOrEqual(Date.parse('2026-11-21T12:00:00Z') + 10_000 + 1);
  });

  it('asks a video task resumed after a restart at once, and a new one 5 to 10 s after sending', async () => {
    const clock = new VirtualClock();
    const poller = new Poller({ clock });
    const start = clock.now();
    const asked: Record<string, number> = {};
    const once = (name: string) => () => {
      asked[name] = clock.now() - start;
      return Promise.resolve<PollOutcome<string>>({ done: true, value: name });
    };
    const resumed = poller.track({
      kind: 'video',
      check: once('resumed'),
      submittedAt: start - 60_000,
    });
    const fresh = poller.track({ kind: 'video', check: once('fresh') });
    await drain(clock, poller);
    await Promise.all([resumed, fresh]);
    expect(asked['resumed']).toBe(0);
    expect(asked['fresh']).toBeGreaterThanOrEqual(5000);
    expect(asked['fresh']).toBeLessThanOrEqual(10_000);
  });

  it('stops a task when its signal aborts, and everything on stopAll', async () => {
    const clock = new VirtualClock();
    const poller = new Poller({ clock });
    const controller = new AbortController();
    const never = () => Promise.resolve<PollOutcome<never>>({ done: false });
    const one = poller
      .track({ kind: 'video', check: never, signal: controller.signal })
      .catch((e: unknown) => e);
    const other = poller.track({ kind: 'video', check: never }).catch((e: unknown) => e);
    controller.abort();
    expect(await one).toBeInstanceOf(AbortedError);
    expect(poller.size).toBe(1);
    poller.stopAll();
    expect(await other).toBeInstanceOf(AbortedError);
    expect(poller.size).toBe(0);
  });

  it('never runs more checks at once than allowed', async () => {
    const clock = new VirtualClock();
    const poller = new Poller({ clock, maxInFlight: 3 });
    let running = 0;
    let most = 0;
    const tasks = Array.from({ length: 20 }, () =>
      poller.track({
        kind: 'watermark',
        check: async () => {
          running += 1;
          most = Math.max(most, running);
          await new Promise((resolve) => setImmediate(resolve));
          running -= 1;
          return { done: true as const, value: 1 };
        },
      }),
    );
    await drain(clock, poller);
    await Promise.all(tasks);
    expect(most).toBeLessThanOrEqual(3);
  });
});

describe('CompletionModel', () => {
  it('starts with a fixed first check and a growing gap', () => {
    const model = new CompletionModel({
      initialDelayMs: 1000,
      growth: 2,
      minGapMs: 50,
      maxGapMs: 5000,
    });
    expect(model.nextCheckMs(0, 0, 0)).toBe(1000);
    expect(model.nextCheckMs(1000, 1, 1000)).toBe(3000);
    expect(model.nextCheckMs(30_000, 5, 4000)).toBe(35_000);
  });

  it('learns to ask when a third, two thirds and nearly all tasks are done: about two asks a task, none wasted', () => {
    const model = new CompletionModel();
    // Tasks that take 800 to 1200 ms, evenly spread (a fixed scatter, not a random one).
    const takes = (n: number) => 800 + ((n * 0.618_034) % 1) * 400;
    let asks = 0;
    let late = 0;
    for (let n = 0; n < 1000; n += 1) {
      const ends = takes(n);
      let at = model.nextCheckMs(0, 0, 0);
      for (let ask = 0; ; ask += 1) {
        const done = at >= ends;
        model.observe(ask, at, done);
        if (n >= 500) asks += 1;
        if (done) {
          if (n >= 500) late += at - ends;
          break;
        }
        at = model.nextCheckMs(at, ask + 1, 0);
      }
    }
    const first = model.nextCheckMs(0, 0, 0);
    expect(first).toBeGreaterThan(900);
    expect(first).toBeLessThan(1000);
    expect(asks / 500).toBeLessThanOrEqual(2);
    // Asking at fixed moments cannot do better than a sixth of the spread (67 ms) in two asks.
    expect(late / 500).toBeLessThan(80);
  });

  it('takes no lesson from an ask far from its plan, such as a task resumed after a restart', () => {
    const model = new CompletionModel();
    model.observe(0, 1000, true);
    const planned = model.nextCheckMs(0, 0, 0);
    model.observe(0, 60_000, true);
    expect(model.nextCheckMs(0, 0, 0)).toBe(planned);
  });
});

describe('Poller, learning watermark tasks per profile', () => {
  it('plans the asks of each account and size from that profile’s own tasks', async () => {
    const clock = new VirtualClock();
    const poller = new Poller({ clock });
    const durations = { small: 600, large: 3000 };
    const firstAsks = { small: [] as number[], large: [] as number[] };
    for (let round = 0; round < 40; round += 1) {
      for (const profile of ['small', 'large'] as const) {
        const submittedAt = clock.now();
        let asked = 0;
        void poller.track<string>({
          kind: 'watermark',
          profile,
          check: () => {
            const elapsed = clock.now() - submittedAt;
            if (asked === 0) firstAsks[profile].push(elapsed);
            asked += 1;
            return Promise.resolve<PollOutcome<string>>(
              elapsed >= durations[profile] ? { done: true, value: 'ok' } : { done: false },
            );
          },
        });
        await drain(clock, poller);
      }
    }
    const settled = (list: number[]) => list.slice(-5);
    for (const at of settled(firstAsks.small)) expect(at).toBeLessThan(700);
    for (const at of settled(firstAsks.large)) expect(at).toBeGreaterThan(2500);
  });
});
