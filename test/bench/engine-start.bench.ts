import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { DEFAULT_SETTINGS } from '../../src-shared/domain/settings.ts';
import { createTransport } from '../../src-main/core/api/http.ts';
import { Poller } from '../../src-main/core/api/poller.ts';
import { WatermarkClient } from '../../src-main/core/api/watermark-client.ts';
import { JobStore } from '../../src-main/core/jobs/store.ts';
import { WatermarkEngine } from '../../src-main/core/jobs/watermark-engine.ts';
import { median, type Benchmark } from './harness.ts';

const HISTORY = 10_000;
const LIFE = ['preparing', 'submitting', 'submitted', 'processing', 'downloading', 'done'] as const;

/** A database whose jobs ran their whole life, with every event, plus one new job queued. */
async function databaseWithHistory(jobs: number): Promise<{ dir: string; file: string }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'clearframe-start-bench-'));
  const file = path.join(dir, 'jobs.sqlite');
  const store = JobStore.open(file);
  const ids = store.addWatermarkJobs(
    Array.from({ length: jobs }, (_, i) => ({ inputPath: `/photos/old/${i}.jpg` })),
  );
  store.db.transaction(() => {
    for (const id of ids) {
      for (const state of LIFE) {
        store.transition(
          'watermark',
          id,
          state,
          state === 'submitted' ? { remoteTaskId: `t-${id}` } : {},
        );
      }
    }
  })();
  store.addWatermarkJobs([{ inputPath: '/photos/new/first.jpg' }]);
  store.close();
  return { dir, file };
}

/** Milliseconds from opening the store to the engine's first event. */
async function startToFirstEvent(file: string): Promise<number> {
  const transport = createTransport();
  const started = performance.now();
  const store = JobStore.open(file);
  let firstAt = 0;
  const engine = new WatermarkEngine({
    store,
    // Nothing is sent: the first event (the queued job starts preparing) comes first.
    client: new WatermarkClient({ baseUrl: 'http://127.0.0.1:9', key: () => 'unused', transport }),
    transport,
    poller: new Poller(),
    settings: () => DEFAULT_SETTINGS,
    onEvent: () => {
      firstAt ||= performance.now();
    },
  });
  engine.recover();
  engine.stop();
  await engine.whenIdle();
  store.close();
  await transport.close();
  if (!firstAt) throw new Error('the engine sent no event');
  return firstAt - started;
}

export const benchmarks: Benchmark[] = [
  {
    name: 'engine-start-10k-ms',
    figures: ['engine-start-10k-ms'],
    runs: 5,
    async measure() {
      const history = await databaseWithHistory(HISTORY);
      const empty = await databaseWithHistory(0);
      try {
        // Writing 10,000 histories leaves the disk busy; the middle of three starts is the
        // figure a user opening the app would see.
        const starts = async (file: string) => {
          const times: number[] = [];
          for (let i = 0; i < 3; i += 1) times.push(await startToFirstEvent(file));
          return median(times);
        };
        return [
          {
            name: 'engine-start-10k-ms',
            value: await starts(history.file),
            baseline: await starts(empty.file),
            unit: 'ms',
          },
        ];
      } finally {
        await rm(history.dir, { recursive: true, force: true });
        await rm(empty.dir, { recursive: true, force: true });
      }
    },
  },
];
