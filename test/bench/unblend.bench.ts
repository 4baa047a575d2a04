import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { findWatermark } from '../../src-main/core/media/automask/find-watermark.ts';
import { saveEstimate } from '../../src-main/core/media/unblend/estimate-file.ts';
import { estimateMark } from '../../src-main/core/media/unblend/mark-estimate.ts';
import { largeMarkedPhotos } from '../support/marked-scenes.ts';
import { maeOf, presentFiles } from '../support/unblend-mae.ts';
import type { Benchmark, Figure } from './harness.ts';

const PHOTO = { width: 4000, height: 3000 };

const child = fileURLToPath(new URL('./unblend-child.ts', import.meta.url));

interface ChildReport {
  recoverSeconds: number;
  writeSeconds: number;
  peakRss: number;
}

async function runChild(folder: string, estimate: string, count: number, write: boolean) {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [child, folder, estimate, String(count), write ? 'write' : 'no'],
    { maxBuffer: 1 << 20 },
  );
  return JSON.parse(stdout.trim().split('\n').pop() ?? '{}') as ChildReport;
}

/** Time per 12-megapixel image once the mark is estimated, and peak RSS for 20 and 200. */
async function speed(): Promise<Figure[]> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'clearframe-unblend-12mp-'));
  try {
    const files = await largeMarkedPhotos(folder, PHOTO);
    const proposal = await findWatermark(files.map((file) => ({ path: file, ...PHOTO })));
    const group = proposal.groups[0];
    const mask = group?.masks[0];
    if (!group || !mask) throw new Error('the finder found no mark in the 12-megapixel set');
    const estimateFile = path.join(folder, 'mark.estimate');
    await saveEstimate(estimateFile, await estimateMark(presentFiles(group), mask));
    const twenty = await runChild(folder, estimateFile, 20, false);
    const many = await runChild(folder, estimateFile, 200, false);
    const written = await runChild(folder, estimateFile, 20, true);
    return [
      {
        name: 'unblend-seconds-per-12mp',
        value: twenty.recoverSeconds,
        unit: 's',
        target: { op: '<=', value: 1, of: 'value' },
      },
      { name: 'unblend-write-seconds-per-12mp', value: written.writeSeconds, unit: 's' },
      { name: 'unblend-peak-rss-20', value: twenty.peakRss / 2 ** 20, unit: 'MB' },
      {
        name: 'unblend-peak-rss-200',
        value: many.peakRss / 2 ** 20,
        unit: 'MB',
        baseline: twenty.peakRss / 2 ** 20,
        target: { op: '<=', value: 1.1, of: 'ratio' },
      },
    ];
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

const atMost = (value: number) => ({ op: '<=' as const, value, of: 'ratio' as const });

export const benchmarks: Benchmark[] = [
  {
    name: 'unblend',
    runs: 1,
    figures: [
      'unblend-mae-ratio-png',
      'unblend-mae-ratio-jpeg',
      'unblend-mae-png-45',
      'unblend-mae-png-25',
      'unblend-mae-jpeg-45',
      'unblend-mae-jpeg-25',
      'unblend-seconds-per-12mp',
      'unblend-write-seconds-per-12mp',
      'unblend-peak-rss-20',
      'unblend-peak-rss-200',
    ],
    async measure() {
      const sets = {
        png45: await maeOf('png', 0.45, 45),
        png25: await maeOf('png', 0.25, 25),
        jpeg45: await maeOf('jpeg', 0.45, 45),
        jpeg25: await maeOf('jpeg', 0.25, 25),
      };
      const row = (name: string, set: { local: number; telea: number }): Figure => ({
        name,
        value: set.local,
        unit: 'levels',
        baseline: set.telea,
      });
      // The ratio figures carry the worse of the two opacities.
      const worse = (a: { local: number; telea: number }, b: { local: number; telea: number }) =>
        a.local / a.telea >= b.local / b.telea ? a : b;
      const png = worse(sets.png45, sets.png25);
      const jpeg = worse(sets.jpeg45, sets.jpeg25);
      return [
        {
          name: 'unblend-mae-ratio-png',
          value: png.local,
          unit: 'levels',
          baseline: png.telea,
          target: atMost(0.3),
        },
        {
          name: 'unblend-mae-ratio-jpeg',
          value: jpeg.local,
          unit: 'levels',
          baseline: jpeg.telea,
          target: atMost(0.9),
        },
        row('unblend-mae-png-45', sets.png45),
        row('unblend-mae-png-25', sets.png25),
        row('unblend-mae-jpeg-45', sets.jpeg45),
        row('unblend-mae-jpeg-25', sets.jpeg25),
        ...(await speed()),
      ];
    },
  },
];
