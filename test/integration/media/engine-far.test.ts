import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../../src-shared/domain/settings.ts';
import { squaredDistance } from '../../../src-shared/domain/mask-morphology.ts';
import { writeOutput } from '../../../src-main/core/media/output.ts';
import { estimateMark } from '../../../src-main/core/media/unblend/mark-estimate.ts';
import { recoverImage } from '../../../src-main/core/media/unblend/recover.ts';
import { boundsOf } from '../../../src-main/imaging/pixel-grid.ts';
import { kindSet, type EngineKind, type KindSet } from '../../support/engine-kinds.ts';

/**
 * Issue #34: far from the mark (24 pixels and more) a result of the local engine is the
 * input bit for bit, JPEG or PNG. A JPEG's blocks are re-encoded only where the engine
 * changed a pixel, not wherever the mask, grown and seamed, reaches: the mask's margin and
 * the seam hold the input's own pixels, and re-encoding them moved pixels up to 33 pixels
 * from the mark by a few levels (the real-marks bench read 75 to 91 dB there, not 99).
 */

const FAR = 24;
const PHOTOS = 6;
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'clearframe-engine-far-'));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function rgbOf(file: string): Promise<Buffer> {
  return sharp(file).removeAlpha().toColourspace('srgb').raw().toBuffer();
}

/** 1 at FAR pixels and more from every pixel the mark covers. */
function farPlane(set: KindSet): Uint8Array {
  const distance = squaredDistance(set.width, set.height, (i) => (set.coverage[i] as number) > 0);
  return Uint8Array.from(distance, (d) => (d >= FAR * FAR ? 1 : 0));
}

/** Pixels far from the mark that the written results changed, over the set's photos. */
async function farChanged(set: KindSet, files: readonly string[]): Promise<number> {
  const { width, height, mask } = set;
  const box = boundsOf(mask, width, height, 0);
  if (!box) throw new Error('the set has no mark');
  const estimate = await estimateMark(files, {
    width,
    height,
    plane: mask,
    boxes: [{ x: box.left, y: box.top, width: box.width, height: box.height }],
  });
  const far = farPlane(set);
  let changed = 0;
  for (const [n, file] of files.entries()) {
    const outcome = await writeOutput({
      input: file,
      result: { patches: await recoverImage(file, estimate) },
      mask: () => Promise.resolve(mask),
      settings: { ...DEFAULT_SETTINGS, outputFolder: path.join(path.dirname(file), 'out') },
      n: n + 1,
    });
    if (!('written' in outcome)) throw new Error(`${file} was not written`);
    const [before, after] = await Promise.all([rgbOf(file), rgbOf(outcome.written)]);
    let inside = 0;
    for (let p = 0; p < width * height; p += 1) {
      const differs = [0, 1, 2].some((c) => before[p * 3 + c] !== after[p * 3 + c]);
      if (differs && far[p]) changed += 1;
      if (differs && set.mask[p]) inside += 1;
    }
    // The mark itself was lifted: the result is not the input left as it was.
    expect(inside).toBeGreaterThan(1000);
  }
  return changed;
}

describe('far from the mark, a result of the local engine is its input bit for bit', () => {
  const kinds: readonly EngineKind[] = ['text-ring-40', 'black-text-35'];

  it.each(kinds)(
    'JPEG q85 photos with %s',
    async (kind) => {
      const set = await kindSet(path.join(dir, `${kind}-jpeg`), kind, PHOTOS);
      expect(await farChanged(set, set.files)).toBe(0);
    },
    300_000,
  );

  it.each(kinds)(
    'the same photos as PNG, with %s',
    async (kind) => {
      const set = await kindSet(path.join(dir, `${kind}-png`), kind, PHOTOS);
      const pngs = await Promise.all(
        set.files.map(async (file) => {
          const png = file.replace(/\.jpg$/, '.png');
          await sharp(file).png({ compressionLevel: 1 }).toFile(png);
          await rm(file);
          return png;
        }),
      );
      expect(await farChanged(set, pngs)).toBe(0);
    },
    300_000,
  );
});
