/** Child of automask.bench.ts: finds the mark in a folder of photos and reports time and peak RSS. */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { findWatermark } from '../../src-main/core/media/automask/find-watermark.ts';

const [folder = '', width = '0', height = '0'] = process.argv.slice(2);
const images = (await readdir(folder))
  .sort()
  .map((name) => ({ path: path.join(folder, name), width: Number(width), height: Number(height) }));
const started = performance.now();
const proposal = await findWatermark(images);
const seconds = (performance.now() - started) / 1000;
const present = proposal.groups.flatMap((group) => group.images).filter((image) => image.present);
console.log(
  JSON.stringify({
    seconds,
    present: present.length,
    peakRss: process.resourceUsage().maxRSS * 1024,
  }),
);
