import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { findWatermark } from '../../src-main/core/media/automask/find-watermark.ts';
import type { ProposalGroup } from '../../src-main/core/media/automask/proposal.ts';
import { saveEstimate } from '../../src-main/core/media/unblend/estimate-file.ts';
import { estimateMark } from '../../src-main/core/media/unblend/mark-estimate.ts';
import { recoverImage } from '../../src-main/core/media/unblend/recover.ts';
import { boundsOf } from '../../src-main/imaging/pixel-grid.ts';
import { repaintMarked } from '../../src-main/imaging/telea-repaint.ts';
import {
  largeMarkedPhotos,
  scene,
  seeded,
  stamp,
  textMark,
  type Alpha,
} from '../support/marked-scenes.ts';
import type { Benchmark, Figure } from './harness.ts';

const SIZE = { width: 800, height: 600 };
const IMAGES = 20;

/** Twenty clean scenes and the same with a white mark, written as PNG or JPEG q85. */
async function markedScenes(
  folder: string,
  format: 'png' | 'jpeg',
  opacity: number,
  seed: number,
): Promise<{ files: string[]; clean: Uint8Array[]; mark: Alpha; at: { x: number; y: number } }> {
  await mkdir(folder, { recursive: true });
  const random = seeded(seed);
  const mark = textMark(random, 6, 7, 5);
  const at = { x: SIZE.width - 30 - mark.width, y: SIZE.height - 30 - mark.height };
  const files: string[] = [];
  const clean: Uint8Array[] = [];
  for (let k = 0; k < IMAGES; k += 1) {
    const rgb = scene(SIZE.width, SIZE.height, random);
    clean.push(rgb.slice());
    stamp(rgb, SIZE.width, mark, at.x, at.y, opacity);
    const file = path.join(
      folder,
      `photo-${String(k).padStart(2, '0')}.${format === 'png' ? 'png' : 'jpg'}`,
    );
    const image = sharp(rgb, { raw: { ...SIZE, channels: 3 } });
    await writeFile(
      file,
      await (format === 'png' ? image.png() : image.jpeg({ quality: 85 })).toBuffer(),
    );
    files.push(file);
  }
  return { files, clean, mark, at };
}

function presentFiles(group: ProposalGroup): string[] {
  return group.images
    .filter((image) => image.present)
    .sort((a, b) => b.score - a.score)
    .map((image) => image.path);
}

/**
 * Mean absolute error (levels, over the three channels) inside the mark, against the clean
 * scenes: the local engine's results, and Telea's over the same mask (without grain, its
 * closest guess) as the baseline in the same run.
 */
async function maeOf(format: 'png' | 'jpeg', opacity: number, seed: number) {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'clearframe-unblend-'));
  try {
    const set = await markedScenes(folder, format, opacity, seed);
    const proposal = await findWatermark(set.files.map((file) => ({ path: file, ...SIZE })));
    const group = proposal.groups[0];
    const mask = group?.masks[0];
    if (!group || !mask) throw new Error('the finder found no mark in the benchmark set');
    const estimate = await estimateMark(presentFiles(group), mask);
    const box = boundsOf(mask.plane, SIZE.width, SIZE.height, 16);
    if (!box) throw new Error('the mask marks nothing');
    const marked = new Uint8Array(box.width * box.height);
    for (let y = 0; y < box.height; y += 1) {
      for (let x = 0; x < box.width; x += 1) {
        marked[y * box.width + x] = mask.plane[(box.top + y) * SIZE.width + box.left + x] ? 255 : 0;
      }
    }
    let local = 0;
    let telea = 0;
    let count = 0;
    for (let k = 0; k < IMAGES; k += 1) {
      const file = set.files[k] as string;
      const clean = set.clean[k] as Uint8Array;
      const recovered = new Map<number, number>();
      for (const patch of await recoverImage(file, estimate)) {
        for (let y = 0; y < patch.box.height; y += 1) {
          for (let x = 0; x < patch.box.width; x += 1) {
            const to = ((patch.box.y + y) * SIZE.width + patch.box.x + x) * 3;
            for (let c = 0; c < 3; c += 1) {
              recovered.set(to + c, patch.data[(y * patch.box.width + x) * 3 + c] as number);
            }
          }
        }
      }
      const { data } = await sharp(file).extract(box).raw().toBuffer({ resolveWithObject: true });
      const repainted = { data, width: box.width, height: box.height };
      await repaintMarked(repainted, marked, { grain: false });
      for (let v = 0; v < set.mark.height; v += 1) {
        for (let u = 0; u < set.mark.width; u += 1) {
          if ((set.mark.data[v * set.mark.width + u] as number) === 0) continue;
          const x = set.at.x + u;
          const y = set.at.y + v;
          for (let c = 0; c < 3; c += 1) {
            const truth = clean[(y * SIZE.width + x) * 3 + c] as number;
            const at = (y * SIZE.width + x) * 3 + c;
            local += Math.abs((recovered.get(at) ?? 0) - truth);
            const inBox = ((y - box.top) * box.width + x - box.left) * 3 + c;
            telea += Math.abs((repainted.data[inBox] as number) - truth);
            count += 1;
          }
        }
      }
    }
    return { local: local / count, telea: telea / count };
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

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
