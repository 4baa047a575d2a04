import { rm } from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { DEFAULT_SETTINGS } from '../../src-shared/domain/settings.ts';
import type { Clock } from '../../src-main/core/api/clock.ts';
import { createTransport } from '../../src-main/core/api/http.ts';
import { Poller } from '../../src-main/core/api/poller.ts';
import { WatermarkClient } from '../../src-main/core/api/watermark-client.ts';
import { JobStore } from '../../src-main/core/jobs/store.ts';
import { WatermarkEngine } from '../../src-main/core/jobs/watermark-engine.ts';
import { median, type Benchmark } from './harness.ts';
import { storeWithHistory } from './history.ts';

const HISTORY = 100_000;
const IN_FLIGHT = 1000;

/** Time stands still: every resumed task is planned, and none is asked, while this measures. */
const stillClock: Clock = { now: () => Date.now(), setTimer: () => ({ cancel: () => undefined }) };

/**
 * Milliseconds from opening the store until the engine has every job a crash left in flight
 * back on the poller, and the queue looked at: what stands between a user opening the app
 * and the queue running again.
 */
async function startToResumed(file: string): Promise<number> {
  const transport = createTransport();
  const poller = new Poller({ clock: stillClock });
  const started = performance.now();
  const store = JobStore.open(file);
  const engine = new WatermarkEngine({
    store,
    client: new WatermarkClient({ baseUrl: 'http://127.0.0.1:9', key: () => 'unused', transport }),
    transport,
    poller,
    settings: () => DEFAULT_SETTINGS,
  });
  engine.recover();
  while (poller.size < IN_FLIGHT) await nextTurn();
  const elapsed = performance.now() - started;
  engine.stop();
  await engine.whenIdle();
  store.close();
  await transport.close();
  return elapsed;
}

export const benchmarks: Benchmark[] = [
  {
    name: 'engine-start-100k-ms',
    figures: ['engine-start-100k-ms'],
    runs: 3,
    async measure() {
      const history = await storeWithHistory(HISTORY, IN_FLIGHT);
      const fresh = await storeWithHistory(0, IN_FLIGHT);
      try {
        // Each start resumes the same jobs (stopping leaves them where they were); the middle
        // of three is the figure a user opening the app would see.
        const starts = async (file: string) => {
          const times: number[] = [];
          for (let i = 0; i < 3; i += 1) times.push(await startToResumed(file));
          return median(times);
        };
        return [
          {
            name: 'engine-start-100k-ms',
            value: await starts(history.file),
            baseline: await starts(fresh.file),
            unit: 'ms',
            target: { op: '<=', value: 300, of: 'value' },
          },
        ];
      } finally {
        await rm(history.dir, { recursive: true, force: true });
        await rm(fresh.dir, { recursive: true, force: true });
      }
    },
  },
];
