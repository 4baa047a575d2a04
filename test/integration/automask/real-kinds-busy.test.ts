import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findWatermark } from '../../../src-main/core/media/automask/find-watermark.ts';
import {
  blackTextKind,
  busyWallpapers,
  centreLogoKind,
  ringKind,
  tiledKind,
  type KindPhoto,
} from '../../support/finder-kinds.ts';
import { scoreProposal } from '../../support/finder-score.ts';

/**
 * Issue #34's marks on busy photos (pixel art, a grid, swirls, wood grain) as well as
 * ordinary ones, 800×600, JPEG q85: the finder must be sure of the mark on every photo that
 * plainly carries it, or the command line leaves the photo out and the window unticks it, and
 * its mark stays (the real-marks bench's recall was 0.79-0.96 for that alone). Recall counts
 * the images it is sure of, at least 0.97, with no false region over 0.5 % of an image.
 */

let root: string;
beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'clearframe-real-kinds-busy-'));
});
afterAll(() => rm(root, { recursive: true, force: true }));

const SIZE = { width: 800, height: 600 };

const KINDS = [
  ['white text and a ring, 40 %, bottom right', ringKind],
  ['a ring, a filled triangle and a word, 30 %, in the middle', centreLogoKind],
  ['black text, 35 %, bottom left', blackTextKind],
  ['diagonal text tiled over the photo, 22 %', tiledKind],
] as const satisfies ReadonlyArray<
  readonly [
    string,
    (folder: string, size: typeof SIZE, sources: readonly string[]) => Promise<KindPhoto[]>,
  ]
>;

describe('the finder is sure of a mark on busy photos', () => {
  for (const [name, make] of KINDS) {
    it(
      name,
      async () => {
        const photos = await make(
          path.join(root, name.replace(/\W+/g, '-')),
          SIZE,
          busyWallpapers(),
        );
        const proposal = await findWatermark(
          photos.map(({ file, width, height }) => ({ path: file, width, height })),
        );
        const score = scoreProposal(photos, proposal);
        expect(score.refused).toEqual([]);
        expect(score.sureRecall).toBeGreaterThanOrEqual(0.97);
        expect(score.worstFalse).toBeLessThanOrEqual(0.005);
      },
      120_000,
    );
  }
});
