import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { findWatermark } from '../../src-main/core/media/automask/find-watermark.ts';
import type { Proposal } from '../../src-main/core/media/automask/proposal.ts';
import {
  markedSet,
  truthPlane,
  type MarkedSet,
  type SetOptions,
  largeMarkedPhotos,
} from '../support/marked-scenes.ts';
import type { Benchmark, Figure } from './harness.ts';

const LANDSCAPE = { width: 800, height: 600 };
const PORTRAIT = { width: 600, height: 800 };

interface Scores {
  iou: number;
  recall: number;
  absentRecognised: number;
  presentRecognised: number;
}

/**
 * IoU of the proposed mark (without margin) against the pixels the mark covers at least half
 * of, recall of the sent mask (with margin) against every pixel it touches at all, summed
 * over the images that carry it; and how many images with and without it were told apart.
 */
function score(set: MarkedSet, proposal: Proposal): Scores {
  let inter = 0;
  let union = 0;
  let touched = 0;
  let covered = 0;
  let absent = 0;
  let absentSeen = 0;
  let present = 0;
  let presentSeen = 0;
  const found = new Map(
    proposal.groups.flatMap((group) => group.images.map((image) => [image.path, { image, group }])),
  );
  for (const image of set.images) {
    const entry = found.get(image.path);
    const mask = entry?.group.masks.find(
      (m) => m.width === image.width && m.height === image.height,
    );
    if (!image.at) {
      absent += 1;
      if (!entry?.image.present) absentSeen += 1;
      continue;
    }
    present += 1;
    if (entry?.image.present) presentSeen += 1;
    const truth = truthPlane(image.width, image.height, set.mark, image.at.x, image.at.y, 0.5);
    const any = truthPlane(image.width, image.height, set.mark, image.at.x, image.at.y, 0);
    for (let i = 0; i < truth.length; i += 1) {
      const core = mask?.core[i] ?? 0;
      if (core && truth[i]) inter += 1;
      if (core || truth[i]) union += 1;
      if (any[i]) {
        touched += 1;
        if (mask?.plane[i]) covered += 1;
      }
    }
  }
  return {
    iou: union === 0 ? 0 : inter / union,
    recall: touched === 0 ? 0 : covered / touched,
    absentRecognised: absent === 0 ? 1 : absentSeen / absent,
    presentRecognised: present === 0 ? 1 : presentSeen / present,
  };
}

async function measureSet(options: SetOptions): Promise<Scores> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'clearframe-automask-'));
  try {
    const set = await markedSet(folder, options);
    return score(set, await findWatermark(set.images));
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

const PHOTO = { width: 4000, height: 3000 };

const child = fileURLToPath(new URL('./automask-child.ts', import.meta.url));

async function speed(): Promise<Figure[]> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'clearframe-automask-12mp-'));
  try {
    await largeMarkedPhotos(folder, PHOTO);
    const files = (await import('node:fs/promises')).readdir(folder);
    // The least any finder must do: decode each photo once at the size it works at.
    let started = performance.now();
    for (const name of await files) {
      await sharp(path.join(folder, name)).greyscale().resize(1000, 750).raw().toBuffer();
    }
    const decodeSeconds = (performance.now() - started) / 1000;
    started = performance.now();
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [child, folder, String(PHOTO.width), String(PHOTO.height)],
      { maxBuffer: 1 << 20 },
    );
    const measured = JSON.parse(stdout.trim().split('\n').pop() ?? '{}') as {
      seconds: number;
      peakRss: number;
    };
    return [
      {
        name: 'automask-seconds',
        value: measured.seconds,
        unit: 's',
        baseline: decodeSeconds,
        target: { op: '<=', value: 5, of: 'value' },
      },
      { name: 'automask-peak-rss', value: measured.peakRss / 2 ** 20, unit: 'MB' },
    ];
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

const atLeast = (value: number) => ({ op: '>=' as const, value, of: 'value' as const });

export const benchmarks: Benchmark[] = [
  {
    name: 'automask',
    runs: 1,
    figures: [
      'automask-iou-45',
      'automask-iou-25',
      'automask-recall-dilated',
      'automask-hard-iou',
      'automask-mixed-sizes-iou',
      'automask-corner-pooled-iou',
      'automask-absent-recognised',
      'automask-present-recognised',
      'automask-seconds',
      'automask-peak-rss',
    ],
    async measure() {
      const at45 = await measureSet({ count: 20, sizes: [LANDSCAPE], opacity: 0.45, seed: 45 });
      const at25 = await measureSet({ count: 20, sizes: [LANDSCAPE], opacity: 0.25, seed: 25 });
      const hard = await measureSet({
        count: 20,
        sizes: [LANDSCAPE],
        opacity: 0.15,
        seed: 15,
        flatUnderHalf: true,
        label: true,
      });
      const mixed = await measureSet({
        count: 20,
        sizes: [LANDSCAPE, PORTRAIT],
        opacity: 0.35,
        seed: 2,
      });
      const manySizes = await measureSet({
        count: 20,
        sizes: Array.from({ length: 10 }, (_, k) => ({
          width: 700 + k * 30,
          height: 560 + k * 20,
        })),
        opacity: 0.35,
        seed: 10,
      });
      const absent = await measureSet({
        count: 20,
        sizes: [LANDSCAPE],
        opacity: 0.35,
        seed: 6,
        absent: 6,
      });
      return [
        { name: 'automask-iou-45', value: at45.iou, unit: 'IoU', target: atLeast(0.9) },
        { name: 'automask-iou-25', value: at25.iou, unit: 'IoU', target: atLeast(0.9) },
        {
          name: 'automask-recall-dilated',
          value: Math.min(at45.recall, at25.recall, hard.recall),
          unit: 'share',
          target: atLeast(0.99),
        },
        { name: 'automask-hard-iou', value: hard.iou, unit: 'IoU', target: atLeast(0.85) },
        { name: 'automask-mixed-sizes-iou', value: mixed.iou, unit: 'IoU', target: atLeast(0.85) },
        { name: 'automask-corner-pooled-iou', value: manySizes.iou, unit: 'IoU' },
        {
          name: 'automask-absent-recognised',
          value: absent.absentRecognised,
          unit: 'share',
          target: atLeast(0.95),
        },
        { name: 'automask-present-recognised', value: absent.presentRecognised, unit: 'share' },
        ...(await speed()),
      ];
    },
  },
];
