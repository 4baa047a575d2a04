import { rm } from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
import { DEFAULT_SETTINGS } from '../../src-shared/domain/settings.ts';
import { createTransport } from '../../src-main/core/api/http.ts';
import { Poller } from '../../src-main/core/api/poller.ts';
import { WatermarkClient } from '../../src-main/core/api/watermark-client.ts';
import { JobStore } from '../../src-main/core/jobs/store/store.ts';
import { WatermarkEngine } from '../../src-main/core/jobs/watermark/watermark-engine.ts';
import type { Benchmark } from './harness.ts';
import { storeWithHistory } from './history.ts';

const HISTORY = 100_000;
const ADDED = 10_000;

/**
 * Milliseconds to add 10,000 new files to the queue the way the window does: each file's
 * latest job looked up (a file already waiting is not added twice), the jobs written as one
 * batch, and each new row read back to be announced. The engine is paused, so nothing runs.
 */
async function addTenThousand(file: string): Promise<number> {
  const transport = createTransport();
  const store = JobStore.open(file);
  const engine = new WatermarkEngine({
    store,
    client: new WatermarkClient({ baseUrl: 'http://127.0.0.1:9', key: () => 'unused', transport }),
    transport,
    poller: new Poller(),
    settings: () => DEFAULT_SETTINGS,
  });
  engine.pause();
  const paths = Array.from({ length: ADDED }, (_, i) => `/photos/new/${i}.jpg`);
  const started = performance.now();
  const fresh = paths.filter((inputPath) => !store.latestWatermarkJobFor(inputPath));
  const ids = engine.add(fresh.map((inputPath) => ({ inputPath })));
  for (const id of ids) store.getWatermarkJob(id);
  const elapsed = performance.now() - started;
  engine.stop();
  store.close();
  await transport.close();
  return elapsed;
}

export const benchmarks: Benchmark[] = [
  {
    name: 'add-10k-into-100k-ms',
    figures: ['add-10k-into-100k-ms'],
    runs: 3,
    async measure() {
      const history = await storeWithHistory(HISTORY);
      const empty = await storeWithHistory(0);
      try {
        return [
          {
            name: 'add-10k-into-100k-ms',
            value: await addTenThousand(history.file),
            baseline: await addTenThousand(empty.file),
            unit: 'ms',
            target: { op: '<=', value: 3, of: 'ratio' },
          },
        ];
      } finally {
        await rm(history.dir, { recursive: true, force: true });
        await rm(empty.dir, { recursive: true, force: true });
      }
    },
  },
];
