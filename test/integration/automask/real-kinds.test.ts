import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findWatermark } from '../../../src-main/core/media/automask/find-watermark.ts';
import { refusedReason } from '../../../src-main/core/media/automask/reasons.ts';
import { MAX_MASK_SHARE } from '../../../src-main/core/media/automask/verdict.ts';
import {
  SCALED_SIZES,
  scaledKind,
  tiledKind,
  unmarkedKind,
  type KindPhoto,
} from '../../support/finder-kinds.ts';
import { scoreProposal } from '../../support/finder-score.ts';

/**
 * Issue #34's marks that today's finder missed, on real photos saved as JPEG q85: text drawn
 * in proportion to each photo across many sizes, and diagonal text tiled over the whole
 * photo (refused as "too large" although every photo carries it). Targets from the issue:
 * recall at least 0.97, and no false region over 0.5 % of an image.
 */

let root: string;
beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'clearframe-real-kinds-'));
});
afterAll(() => rm(root, { recursive: true, force: true }));

async function found(photos: readonly KindPhoto[]) {
  const proposal = await findWatermark(
    photos.map(({ file, width, height }) => ({ path: file, width, height })),
  );
  return { proposal, score: scoreProposal(photos, proposal) };
}

/** Twelve sizes, landscape and portrait, two photos of each: too few of any size to decide alone. */
const MANY_SIZES = [
  ...SCALED_SIZES,
  { width: 2000, height: 1500 },
  { width: 1800, height: 1200 },
  { width: 1080, height: 1350 },
  { width: 1500, height: 1000 },
  { width: 1280, height: 853 },
  { width: 900, height: 1200 },
  { width: 1920, height: 1280 },
  { width: 1100, height: 825 },
];

describe('the finder on real batches', () => {
  it('finds a tiled mark from the batch, and does not refuse it for covering more than a single mark', async () => {
    const folder = path.join(root, 'tiled');
    const { score } = await found(await tiledKind(folder));
    expect(score.refused).toEqual([]);
    // Larger than any single mark may be, and still proposed: the copies make it a mark.
    expect(score.largest).toBeGreaterThan(MAX_MASK_SHARE);
    expect(score.recall).toBeGreaterThanOrEqual(0.97);
    expect(score.worstFalse).toBeLessThanOrEqual(0.005);
  }, 400_000);

  it('pools photos of many sizes in proportion to their width when each size has too few', async () => {
    const folder = path.join(root, 'many-sizes');
    const { proposal, score } = await found(await scaledKind(folder, 'corner', MANY_SIZES));
    expect(proposal.tooFew).toEqual([]);
    expect(score.recall).toBeGreaterThanOrEqual(0.97);
    expect(score.worstFalse).toBeLessThanOrEqual(0.005);
  }, 400_000);

  it('finds text scaled with the photo on four sizes, six photos each', async () => {
    const folder = path.join(root, 'scaled');
    const { score } = await found(await scaledKind(folder));
    expect(score.refused).toEqual([]);
    expect(score.recall).toBeGreaterThanOrEqual(0.97);
    expect(score.worstFalse).toBeLessThanOrEqual(0.005);
  }, 400_000);

  it('proposes nothing on photos that share no mark, saying why when something stood out', async () => {
    const folder = path.join(root, 'unmarked');
    const { proposal } = await found(await unmarkedKind(folder));
    for (const group of proposal.groups) {
      expect(group.masks).toEqual([]);
      expect(group.images.some((image) => image.present)).toBe(false);
      if (group.refused) {
        expect(refusedReason(group.refused.share)).toMatch(
          /^no mark is shared by these images .*; mark it by hand$/,
        );
      }
    }
  }, 400_000);
});
