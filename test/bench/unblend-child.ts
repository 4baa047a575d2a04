/**
 * Child of unblend.bench.ts: recovers `count` images (the folder's, over and over) with a
 * kept estimate, optionally writing each result as a job does, and reports the seconds per
 * image and the peak RSS of this process alone.
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { DEFAULT_SETTINGS } from '../../src-shared/domain/settings.ts';
import { writeOutput } from '../../src-main/core/media/output.ts';
import { loadEstimate } from '../../src-main/core/media/unblend/estimate-file.ts';
import { recoverImage } from '../../src-main/core/media/unblend/recover.ts';

const [folder = '', estimateFile = '', count = '0', write = 'no'] = process.argv.slice(2);
const files = (await readdir(folder))
  .filter((name) => name.endsWith('.jpg'))
  .sort()
  .map((name) => path.join(folder, name));
const estimate = await loadEstimate(estimateFile);
const plane = new Uint8Array(estimate.width * estimate.height);
for (const { box, blend } of estimate.parts) {
  for (let y = 0; y < box.height; y += 1) {
    for (let x = 0; x < box.width; x += 1) {
      plane[(box.y + y) * estimate.width + box.x + x] = blend.region[y * box.width + x] as number;
    }
  }
}
const out = await mkdtemp(path.join(os.tmpdir(), 'clearframe-unblend-out-'));
let recovering = 0;
let writing = 0;
for (let k = 0; k < Number(count); k += 1) {
  const file = files[k % files.length] as string;
  let started = performance.now();
  const patches = await recoverImage(file, estimate);
  recovering += performance.now() - started;
  if (write !== 'write') continue;
  started = performance.now();
  await writeOutput({
    input: file,
    result: { patches },
    mask: () => Promise.resolve(plane),
    settings: { ...DEFAULT_SETTINGS, outputFolder: out },
    n: k + 1,
  });
  writing += performance.now() - started;
}
await rm(out, { recursive: true, force: true });
console.log(
  JSON.stringify({
    recoverSeconds: recovering / 1000 / Number(count),
    writeSeconds: writing / 1000 / Number(count),
    peakRss: process.resourceUsage().maxRSS * 1024,
  }),
);
