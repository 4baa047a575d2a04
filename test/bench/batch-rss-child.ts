/** Child of batch-rss.bench.ts: runs one watermark batch through the engine and reports its peak RSS. */
import { mkdtemp, readdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_SETTINGS } from '../../src-shared/domain/settings.ts';
import { createTransport } from '../../src-main/core/api/http.ts';
import { Poller } from '../../src-main/core/api/poller.ts';
import { WatermarkClient } from '../../src-main/core/api/watermark-client.ts';
import { JobStore } from '../../src-main/core/jobs/store/store.ts';
import { WatermarkEngine } from '../../src-main/core/jobs/watermark/watermark-engine.ts';

const [baseUrl = '', key = '', folder = '', count = '0'] = process.argv.slice(2);
const inputs = (await readdir(folder))
  .sort()
  .slice(0, Number(count))
  .map((name) => path.join(folder, name));
const work = await mkdtemp(path.join(os.tmpdir(), 'clearframe-rss-run-'));
const settings = {
  ...DEFAULT_SETTINGS,
  outputFolder: path.join(work, 'out'),
  concurrency: { watermark: 16, video: 3 },
};
const store = JobStore.open(path.join(work, 'jobs.sqlite'));
const transport = createTransport({ maxConnections: 32 });
const engine = new WatermarkEngine({
  store,
  client: new WatermarkClient({ baseUrl, key: () => key, transport }),
  transport,
  poller: new Poller(),
  settings: () => settings,
});
engine.add(inputs.map((inputPath) => ({ inputPath })));
await engine.whenIdle();
const done = store.watermarks.countIn(['done']);
store.close();
await transport.close();
console.log(JSON.stringify({ done, peakRss: process.resourceUsage().maxRSS * 1024, work }));
