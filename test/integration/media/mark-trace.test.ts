import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BlendEstimate } from '../../../src-main/imaging/blend-estimate.ts';
import { markRemains, remainsVisible } from '../../../src-main/imaging/mark-remains.ts';
import { recoverBox } from '../../../src-main/imaging/unblend.ts';
import {
  estimateMark,
  readBox,
  type MarkEstimate,
} from '../../../src-main/core/media/unblend/mark-estimate.ts';
import { recoverImage } from '../../../src-main/core/media/unblend/recover.ts';
import { stampedWallpapers, type StampedPhoto } from '../../support/wallpaper-marks.ts';

/**
 * The check after cleaning (mark-remains.ts) on real photographs (the desktop's wallpapers)
 * stamped with a 40 % white text-and-ring mark and saved as JPEG q85: a clean lift must not
 * be flagged; the image as it was, and a lift with a wrong measurement, must be.
 */
let dir: string;
let photos: StampedPhoto[];
let estimate: MarkEstimate;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'clearframe-mark-trace-'));
  const stamped = await stampedWallpapers(dir, 12);
  photos = stamped.photos;
  const { width, height } = photos[0] as StampedPhoto;
  const box = { ...stamped.at, width: stamped.mark.width, height: stamped.mark.height };
  estimate = await estimateMark(
    photos.map((photo) => photo.file),
    { width, height, plane: stamped.plane, boxes: [box] },
  );
}, 120_000);

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const part = () => estimate.parts[0] as MarkEstimate['parts'][number];

/** The measurement with the mark's opacity and colour taken at `share` of what was measured. */
function weakened(blend: BlendEstimate, share: number): BlendEstimate {
  return {
    ...blend,
    keepLuma: blend.keepLuma.map((keep) => 1 - (1 - keep) * share),
    keepChroma: blend.keepChroma.map((keep) => 1 - (1 - keep) * share),
    lift: blend.lift.map((lift) => lift * share),
  };
}

describe('the check for a mark still visible after cleaning', () => {
  it('passes every clean lift of a real photo', async () => {
    const seen: Array<boolean | undefined> = [];
    for (const photo of photos) {
      const [patch] = await recoverImage(photo.file, estimate);
      if (!patch) throw new Error('the measurement has no box');
      seen.push(remainsVisible(markRemains({ ...patch.box, data: patch.data }, part().blend)));
    }
    expect(seen).toEqual(photos.map(() => false));
  }, 120_000);

  it('flags the image as it was, the mark untouched', async () => {
    const seen: Array<boolean | undefined> = [];
    for (const photo of photos) {
      seen.push(remainsVisible(markRemains(await readBox(photo.file, part().box), part().blend)));
    }
    expect(seen).toEqual(photos.map(() => true));
  }, 120_000);

  it('flags a lift made with a wrong measurement, which leaves a ghost of the mark', async () => {
    const seen: Array<boolean | undefined> = [];
    for (const photo of photos) {
      const pixels = await readBox(photo.file, part().box);
      await recoverBox(pixels, weakened(part().blend, 0.4), { lossy: true });
      seen.push(remainsVisible(markRemains(pixels, part().blend)));
    }
    expect(seen).toEqual(photos.map(() => true));
  }, 120_000);
});
