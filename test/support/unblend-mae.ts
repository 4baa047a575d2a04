import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { findWatermark } from '../../src-main/core/media/automask/find-watermark.ts';
import type { ProposalGroup } from '../../src-main/core/media/automask/proposal.ts';
import { estimateMark } from '../../src-main/core/media/unblend/mark-estimate.ts';
import { recoverImage } from '../../src-main/core/media/unblend/recover.ts';
import { boundsOf } from '../../src-main/imaging/pixel-grid.ts';
import { repaintMarked } from '../../src-main/imaging/telea-repaint.ts';
import { scene, seeded, stamp, textMark, type Alpha } from './marked-scenes.ts';

/**
 * The `unblend` bench's sets and its measure, shared with the test that holds its JPEG
 * figure: twenty photo-like scenes with one white text mark, and the local engine's error
 * inside the mark against Telea's over the same mask.
 */
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

export function presentFiles(group: ProposalGroup): string[] {
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
export async function maeOf(format: 'png' | 'jpeg', opacity: number, seed: number) {
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
