import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../../src-shared/domain/settings.ts';
import { findWatermark } from '../../../src-main/core/media/automask/find-watermark.ts';
import type { ProposedMask } from '../../../src-main/core/media/automask/proposal.ts';
import { writeOutput } from '../../../src-main/core/media/output.ts';
import {
  decodeEstimate,
  encodeEstimate,
  loadEstimate,
} from '../../../src-main/core/media/unblend/estimate-file.ts';
import {
  estimateMark,
  type MarkEstimate,
} from '../../../src-main/core/media/unblend/mark-estimate.ts';
import { recoverImage } from '../../../src-main/core/media/unblend/recover.ts';
import { UserFacingError } from '../../../src-main/core/user-error.ts';
import { scene, seeded, stamp, textMark } from '../../support/marked-scenes.ts';

const SIZE = { width: 400, height: 300 };
let folder: string;
let files: string[];
let clean: Uint8Array[];
let mask: ProposedMask;
let estimate: MarkEstimate;
let markAt: { x: number; y: number; width: number; height: number; data: Float32Array };

beforeAll(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'clearframe-unblend-test-'));
  const random = seeded(4);
  const mark = textMark(random, 4, 6, 4);
  const x = SIZE.width - 20 - mark.width;
  const y = SIZE.height - 20 - mark.height;
  markAt = { x, y, width: mark.width, height: mark.height, data: mark.data };
  files = [];
  clean = [];
  for (let k = 0; k < 12; k += 1) {
    const rgb = scene(SIZE.width, SIZE.height, random);
    clean.push(rgb.slice());
    stamp(rgb, SIZE.width, mark, x, y, 0.4);
    const file = path.join(folder, `photo-${k}.png`);
    await sharp(rgb, { raw: { ...SIZE, channels: 3 } }).toFile(file);
    files.push(file);
  }
  const proposal = await findWatermark(files.map((file) => ({ path: file, ...SIZE })));
  const found = proposal.groups[0]?.masks[0];
  if (!found) throw new Error('no mark found in the test set');
  mask = found;
  estimate = await estimateMark(files, mask);
}, 60_000);

afterAll(() => rm(folder, { recursive: true, force: true }));

describe('the local engine (un-blending)', () => {
  it('measures the mark from the group and recovers each photo under it', async () => {
    expect(estimate.parts).toHaveLength(1);
    expect(estimate.parts[0]?.blend.colour?.[0]).toBeGreaterThan(245);
    const patches = await recoverImage(files[0] as string, estimate);
    let error = 0;
    let count = 0;
    for (const { box, data } of patches) {
      for (let v = 0; v < markAt.height; v += 1) {
        for (let u = 0; u < markAt.width; u += 1) {
          if ((markAt.data[v * markAt.width + u] as number) === 0) continue;
          const gx = markAt.x + u;
          const gy = markAt.y + v;
          for (let c = 0; c < 3; c += 1) {
            const recovered = data[((gy - box.y) * box.width + gx - box.x) * 3 + c] as number;
            error += Math.abs(
              recovered - ((clean[0] as Uint8Array)[(gy * SIZE.width + gx) * 3 + c] as number),
            );
            count += 1;
          }
        }
      }
    }
    // The mark at 40 % moved these pixels by tens of levels; what is left is a few.
    expect(error / count).toBeLessThan(3);
  });

  it('keeps an estimate on disk and reads it back the same', async () => {
    const again = decodeEstimate(encodeEstimate(estimate));
    expect(again.width).toBe(estimate.width);
    expect(again.parts[0]?.box).toEqual(estimate.parts[0]?.box);
    expect(Array.from(again.parts[0]?.blend.keepLuma ?? [])).toEqual(
      Array.from(estimate.parts[0]?.blend.keepLuma ?? []),
    );
    const damaged = path.join(folder, 'damaged.estimate');
    await writeFile(damaged, encodeEstimate(estimate).subarray(0, 200));
    await expect(loadEstimate(damaged)).rejects.toThrow(/damaged.*find the watermark again/);
    await expect(loadEstimate(path.join(folder, 'none.estimate'))).rejects.toThrow(
      /missing: find the watermark again/,
    );
  });

  it('refuses an image of another size with a sentence saying what to do', async () => {
    const other = path.join(folder, 'other.png');
    await sharp({ create: { width: 300, height: 200, channels: 3, background: '#808080' } }).toFile(
      other,
    );
    const refusal = recoverImage(other, estimate);
    await expect(refusal).rejects.toBeInstanceOf(UserFacingError);
    await expect(refusal).rejects.toThrow(/send it to the service/);
  });

  it('writes a result that keeps every pixel outside the mask', async () => {
    const out = path.join(folder, 'out');
    const outcome = await writeOutput({
      input: files[1] as string,
      result: { patches: await recoverImage(files[1] as string, estimate) },
      mask: () => Promise.resolve(mask.plane),
      settings: { ...DEFAULT_SETTINGS, outputFolder: out },
      n: 1,
    });
    if (!('written' in outcome)) throw new Error('not written');
    const [source, result] = await Promise.all(
      [files[1] as string, outcome.written].map(async (file) =>
        sharp(await readFile(file))
          .raw()
          .toBuffer(),
      ),
    );
    let changedOutside = 0;
    let changedInside = 0;
    for (let p = 0; p < SIZE.width * SIZE.height; p += 1) {
      const differs = [0, 1, 2].some((c) => source?.[p * 3 + c] !== result?.[p * 3 + c]);
      const near = mask.plane[p];
      if (differs && !near) {
        const x = p % SIZE.width;
        const y = Math.floor(p / SIZE.width);
        // Only the seam around the mask may change.
        const seam = [-8, 0, 8].some((dy) =>
          [-8, 0, 8].some((dx) => mask.plane[(y + dy) * SIZE.width + x + dx]),
        );
        if (!seam) changedOutside += 1;
      }
      if (differs && near) changedInside += 1;
    }
    expect(changedOutside).toBe(0);
    expect(changedInside).toBeGreaterThan(100);
  });
});
