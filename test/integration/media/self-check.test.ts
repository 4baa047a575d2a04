import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import {
  estimateMark,
  type MarkEstimate,
} from '../../../src-main/core/media/unblend/mark-estimate.ts';
import { recoverImage } from '../../../src-main/core/media/unblend/recover.ts';
import { selfCheck } from '../../../src-main/core/media/unblend/self-check.ts';
import {
  KINDS,
  stampKind,
  type KindPhoto,
  type StampedKind,
} from '../../support/self-check-kinds.ts';

/**
 * The self-check's prediction against what the engine really does: real photographs (the
 * desktop's wallpapers) stamped with each kind of mark of issue #34 and saved as JPEG q85,
 * the mark measured from them, every photo cleaned, and the PSNR inside the mark (grown
 * 3 px) against the clean photo compared with the figure the check gave beforehand.
 */
const PHOTOS = 12;
/** The target: the prediction within 2 dB of what the engine gives. */
const TARGET_DB = 2;
/**
 * How far each kind's prediction may fall from the result: every kind but tiled text is
 * within the target since the engine un-blends a mark of 50 % or less alone (no repaint mixed
 * in) and the check adds what compression alone costs (0.2 to 1.8 dB apart); tiled text is
 * predicted 3 dB too high, the unsafe direction (4 dB before the copies' photo was compressed
 * afresh; on the real-marks set's tiled text the check is within 1.2 dB, see
 * self-check-tiled.test.ts). Each bound is what today's check reaches, so a prediction that
 * drifts further fails.
 */
const BOUND_DB: Record<string, number> = {
  'centre logo, 30 %': TARGET_DB,
  'opaque white box with red letters': TARGET_DB,
  'white text + circle, 40 %, bottom right': TARGET_DB,
  'black text, 35 %, bottom left': TARGET_DB,
  'tiled text, 22 %': 3.5,
};

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

/** PSNR inside `plane` of every cleaned photo against its clean original, pooled. */
async function measuredDb(stamped: StampedKind, estimate: MarkEstimate): Promise<number> {
  const { width } = stamped.size;
  let squared = 0;
  let values = 0;
  for (const photo of stamped.photos) {
    const result = await sharp(photo.file).raw().toBuffer();
    for (const { box, data } of await recoverImage(photo.file, estimate)) {
      for (let y = 0; y < box.height; y += 1) {
        const from = ((box.y + y) * width + box.x) * 3;
        data.copy(result, from, y * box.width * 3, (y + 1) * box.width * 3);
      }
    }
    squared += squaredIn(stamped.plane, result, photo);
    values += countOf(stamped.plane) * 3;
  }
  return 10 * Math.log10((255 * 255) / (squared / values));
}

function squaredIn(plane: Uint8Array, result: Buffer, photo: KindPhoto): number {
  let sum = 0;
  for (let p = 0; p < plane.length; p += 1) {
    if (!plane[p]) continue;
    for (let c = p * 3; c < p * 3 + 3; c += 1) {
      sum += ((result[c] as number) - (photo.clean[c] as number)) ** 2;
    }
  }
  return sum;
}

const countOf = (plane: Uint8Array) => plane.reduce((sum, value) => sum + value, 0);

describe('the self-check on real photographs, JPEG q85', () => {
  it.each(KINDS.map((kind) => [kind.name, kind] as const))(
    '%s: predicts the PSNR inside the mark',
    async (_name, kind) => {
      const dir = await mkdtemp(path.join(os.tmpdir(), 'clearframe-self-check-'));
      dirs.push(dir);
      const stamped = await stampKind(dir, kind, PHOTOS);
      const files = stamped.photos.map((photo) => photo.file);
      const measuring = performance.now();
      const estimate = await estimateMark(files, {
        ...stamped.size,
        plane: stamped.plane,
        boxes: stamped.boxes,
      });
      const started = performance.now();
      const check = await selfCheck(files, estimate);
      const seconds = (performance.now() - started) / 1000;
      const measured = await measuredDb(stamped, estimate);
      console.log(
        `${kind.name}: predicted ${check?.db.toFixed(1)} dB from ${check?.boxes} boxes in ${seconds.toFixed(2)} s (measuring the mark: ${((started - measuring) / 1000).toFixed(2)} s), measured ${measured.toFixed(1)} dB`,
      );
      expect(check).toBeDefined();
      expect(Math.abs((check?.db ?? 0) - measured)).toBeLessThanOrEqual(
        BOUND_DB[kind.name] ?? TARGET_DB,
      );
    },
    300_000,
  );
});
