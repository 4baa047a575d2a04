import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findWatermark } from '../../../src-main/core/media/automask/find-watermark.ts';
import type { Proposal } from '../../../src-main/core/media/automask/proposal.ts';
import { components } from '../../../src-main/core/media/automask/regions.ts';
import { MAX_MASK_SHARE } from '../../../src-main/core/media/automask/verdict.ts';
import { truthPlane } from '../../support/marked-scenes.ts';
import { realMarkedBatch, type RealMarked } from '../../support/real-photos.ts';

/**
 * Issue #33's walkthrough on real photos: 20 wallpapers cropped to four sizes in two folders
 * of same-named files, one semi-transparent logo at the bottom-right corner. The finder
 * proposed blobs over the middle of the photos, missed the mark on the portraits, ticked
 * them all, and sent the two large photos to be marked by hand.
 */

let root: string;
let batch: RealMarked[];
let proposal: Proposal;
const progress: Array<{ done: number; total: number }> = [];

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'clearframe-real-photos-'));
  batch = await realMarkedBatch(root);
  proposal = await findWatermark(batch, undefined, {
    onProgress: (done, total) => progress.push({ done, total }),
  });
}, 180_000);

afterAll(() => rm(root, { recursive: true, force: true }));

/** Each image of the batch with what the finder proposed for it. */
function verdicts() {
  return batch.map((truth) => {
    const group = proposal.groups.find((g) => g.images.some((i) => i.path === truth.path));
    const image = group?.images.find((i) => i.path === truth.path);
    const mask = group?.masks.find((m) => m.width === truth.width && m.height === truth.height);
    return { truth, group, image, mask };
  });
}

function iou(core: Uint8Array, truth: Uint8Array): number {
  let inter = 0;
  let union = 0;
  truth.forEach((value, i) => {
    if (value && core[i]) inter += 1;
    if (value || core[i]) union += 1;
  });
  return union === 0 ? 0 : inter / union;
}

describe('the watermark finder on real photos', () => {
  it('finds the shared mark on every size, and vouches only for masks that fit it', () => {
    for (const { truth, image, mask } of verdicts()) {
      const { width, height, at, mark } = truth;
      expect({ file: truth.relative, sure: image?.sure }).toEqual({
        file: truth.relative,
        sure: true,
      });
      const overlap = iou(
        mask?.core ?? new Uint8Array(0),
        truthPlane(width, height, mark, at.x, at.y, 0.5),
      );
      expect({ file: truth.relative, iouAtLeastHalf: overlap >= 0.5 }).toEqual({
        file: truth.relative,
        iouAtLeastHalf: true,
      });
    }
    expect(proposal.tooFew).toEqual([]);
    expect(proposal.unreadable).toEqual([]);
  });

  it('proposes no region away from the mark larger than 0.5 % of an image', () => {
    const large: Array<{ file: string; share: number }> = [];
    for (const { truth, mask } of verdicts()) {
      if (!mask) continue;
      const { width, height, at, mark } = truth;
      const touched = truthPlane(width, height, mark, at.x, at.y, 0);
      for (const region of components(mask.plane, width, height)) {
        const share = region.length / (width * height);
        if (share > 0.005 && !region.some((i) => touched[i] === 1)) {
          large.push({ file: truth.relative, share });
        }
      }
      let marked = 0;
      for (const value of mask.plane) marked += value;
      expect(marked / (width * height)).toBeLessThanOrEqual(MAX_MASK_SHARE);
    }
    expect(large).toEqual([]);
  });

  it('reports how far it is while it looks, up to the end', () => {
    expect(progress.length).toBeGreaterThan(5);
    const last = progress.at(-1);
    expect(last?.done).toBe(last?.total);
    for (const [k, step] of progress.entries()) {
      expect(step.done).toBeGreaterThanOrEqual(progress[k - 1]?.done ?? 0);
    }
  });
});
