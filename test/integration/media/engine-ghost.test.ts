import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { estimateMark, readBox } from '../../../src-main/core/media/unblend/mark-estimate.ts';
import { recoverImage } from '../../../src-main/core/media/unblend/recover.ts';
import { markRemains, remainsVisible } from '../../../src-main/imaging/mark-remains.ts';
import { boundsOf } from '../../../src-main/imaging/pixel-grid.ts';
import { grownPlane } from '../../support/engine-kinds.ts';
import { seeded, stamp, textMark } from '../../support/marked-scenes.ts';
import { wallpapers } from '../../support/wallpaper-marks.ts';

/**
 * No ghost: a 50 % white word on a flat blue sky, in a batch of twelve real photos that
 * carry the same mark, all saved as JPEG q85. The blend undone, what JPEG's ringing and
 * half-resolution colour leave of the strokes must not be readable: the words' pixels no
 * brighter or darker than the sky around them by a level of 8 bits, and the mark check
 * (calibrated on real photos, mark-trace.ts) not finding the mark's shape in the result.
 */
const SIZE = { width: 1200, height: 800 };
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'clearframe-engine-ghost-'));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('what is left of the mark after un-blending', () => {
  it('leaves no readable copy of a 50 % white word on a flat sky', async () => {
    const { width, height } = SIZE;
    const mark = textMark(seeded(50), 6, 8, 6);
    const at = { x: width - 60 - mark.width, y: height - 60 - mark.height };
    const random = seeded(3);
    const sky = Buffer.alloc(width * height * 3);
    for (let p = 0; p < width * height; p += 1) {
      sky[p * 3] = 40 + Math.round(random() * 4);
      sky[p * 3 + 1] = 90 + Math.round(random() * 4);
      sky[p * 3 + 2] = 180 + Math.round(random() * 4);
    }
    const photos = [sky];
    for (const file of wallpapers(12)) {
      photos.push(
        await sharp(file).resize(width, height, { fit: 'cover' }).removeAlpha().raw().toBuffer(),
      );
    }
    const files: string[] = [];
    for (const [k, photo] of photos.entries()) {
      const rgb = Buffer.from(photo);
      stamp(rgb, width, mark, at.x, at.y, 0.5);
      const file = path.join(dir, `photo-${k}.jpg`);
      await sharp(rgb, { raw: { ...SIZE, channels: 3 } })
        .jpeg({ quality: 85 })
        .toFile(file);
      files.push(file);
    }
    const coverage = new Float32Array(width * height);
    for (let v = 0; v < mark.height; v += 1) {
      for (let u = 0; u < mark.width; u += 1) {
        coverage[(at.y + v) * width + at.x + u] = (mark.data[v * mark.width + u] as number) * 0.5;
      }
    }
    const plane = grownPlane(
      Uint8Array.from(coverage, (a) => (a > 0.01 ? 1 : 0)),
      width,
      height,
      3,
    );
    const bounds = boundsOf(plane, width, height, 0);
    if (!bounds) throw new Error('the mark covers nothing');
    const box = { x: bounds.left, y: bounds.top, width: bounds.width, height: bounds.height };
    const estimate = await estimateMark(files, { width, height, plane, boxes: [box] });
    const [patch] = await recoverImage(files[0] as string, estimate);
    const part = estimate.parts[0];
    if (!patch || !part) throw new Error('nothing was recovered');
    const luma = (data: Buffer, p: number) =>
      0.299 * (data[p * 3] as number) +
      0.587 * (data[p * 3 + 1] as number) +
      0.114 * (data[p * 3 + 2] as number);
    let words = 0;
    let wordCount = 0;
    let around = 0;
    let aroundCount = 0;
    for (let y = 0; y < patch.box.height; y += 1) {
      for (let x = 0; x < patch.box.width; x += 1) {
        const g = (patch.box.y + y) * width + patch.box.x + x;
        if (!plane[g]) continue;
        const value = luma(patch.data, y * patch.box.width + x);
        if ((coverage[g] as number) > 0.25) {
          words += value;
          wordCount += 1;
        } else if (coverage[g] === 0) {
          around += value;
          aroundCount += 1;
        }
      }
    }
    expect(Math.abs(words / wordCount - around / aroundCount)).toBeLessThan(1);
    const cleaned = { data: patch.data, width: patch.box.width, height: patch.box.height };
    expect(remainsVisible(markRemains(cleaned, part.blend))).toBe(false);
    // The input itself reads as the mark, so the check can tell.
    const input = await readBox(files[0] as string, patch.box);
    expect(remainsVisible(markRemains(input, part.blend))).toBe(true);
  }, 300_000);
});
