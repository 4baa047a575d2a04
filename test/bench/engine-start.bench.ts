import { rm } from 'node:fs/promises';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { DEFAULT_SETTINGS } from '../../src-shared/domain/settings.ts';
import type { Clock } from '../../src-main/core/api/clock.ts';
import { createTransport } from '../../src-main/core/api/http.ts';
import { Poller } from '../../src-main/core/api/poller.ts';
import { WatermarkClient } from '../../src-main/core/api/watermark-client.ts';
import { openJobStoreOffThread } from '../../src-main/core/app/startup.ts';
import { WatermarkEngine } from '../../src-main/core/jobs/watermark/watermark-engine.ts';
import { median, type Benchmark } from './harness.ts';
import { storeWithHistory } from './history.ts';

const HISTORY = 100_000;
const IN_FLIGHT = 1000;

/** Time stands still: every resumed task is planned, and none is asked, while this measures. */
const stillClock: Clock = { now: () => Date.now(), setTimer: () => ({ cancel: () => undefined }) };

interface Start {
  /** From opening the store, as the app does, until the queue runs again. */
  elapsedMs: number;
  /** The longest the main thread was busy at once meanwhile (the window waits that long). */
  longestBlockMs: number;
}

/**
 * Milliseconds from opening the store until the engine has every job a crash left in flight
 * back on the poller, and the queue looked at: what stands between a user opening the app
 * and the queue running again.
 */
async function startToResumed(file: string): Promise<Start> {
  const transport = createTransport();
  const poller = new Poller({ clock: stillClock });
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  const started = performance.now();
  const { store } = await openJobStoreOffThread(file);
  const engine = new WatermarkEngine({
    store,
    client: new WatermarkClient({ baseUrl: 'http://127.0.0.1:9', key: () => 'unused', transport }),
    transport,
    poller,
    settings: () => DEFAULT_SETTINGS,
  });
  engine.recover();
  while (poller.size < IN_FLIGHT) await nextTurn();
  const elapsedMs = performance.now() - started;
  loop.disable();
  engine.stop();
  await engine.whenIdle();
  store.close();
  await transport.close();
  return { elapsedMs, longestBlockMs: loop.max / 1e6 };
}

export const benchmarks: Benchmark[] = [
  {
    name: 'engine-start-100k-ms',
    figures: ['engine-start-100k-ms', 'engine-start-longest-block-ms'],
    runs: 3,
    async measure() {
      const history = await storeWithHistory(HISTORY, IN_FLIGHT);
      const fresh = await storeWithHistory(0, IN_FLIGHT);
      try {
        // Each start resumes the same jobs (stopping leaves them where they were); the middle
        // of three is the figure a user opening the app would see.
        const starts = async (file: string) => {
          const runs: Start[] = [];
          for (let i = 0; i < 3; i += 1) runs.push(await startToResumed(file));
          return {
            elapsedMs: median(runs.map((run) => run.elapsedMs)),
            longestBlockMs: median(runs.map((run) => run.longestBlockMs)),
          };
        };
        // The baseline: the same 1,000 jobs in flight without the history, on this machine now.
        const withHistory = await starts(history.file);
        const withoutHistory = await starts(fresh.file);
        return [
          {
            name: 'engine-start-100k-ms',
            value: withHistory.elapsedMs,
            baseline: withoutHistory.elapsedMs,
            unit: 'ms',
            target: { op: '<=', value: 1.5, of: 'ratio' },
          },
          {
            name: 'engine-start-longest-block-ms',
            value: withHistory.longestBlockMs,
            baseline: withoutHistory.longestBlockMs,
            unit: 'ms',
            target: { op: '<=', value: 1.5, of: 'ratio' },
          },
        ];
      } finally {
        await rm(history.dir, { recursive: true, force: true });
        await rm(fresh.dir, { recursive: true, force: true });
      }
    },
  },
];
