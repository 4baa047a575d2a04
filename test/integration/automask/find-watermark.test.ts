import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findWatermark } from '../../../src-main/core/media/automask/find-watermark.ts';
import { tooFewReason } from '../../../src-main/core/media/automask/propose.ts';
import { refusedReason } from '../../../src-main/core/media/automask/reasons.ts';
import { MAX_MASK_SHARE } from '../../../src-main/core/media/automask/verdict.ts';
import {
  markedSet,
  scene,
  seeded,
  stamp,
  textMark,
  truthPlane,
  writeJpeg,
  type MarkedSet,
} from '../../support/marked-scenes.ts';

let folder: string;
let set: MarkedSet;

beforeAll(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'clearframe-automask-test-'));
  set = await markedSet(folder, {
    count: 9,
    sizes: [{ width: 400, height: 300 }],
    opacity: 0.4,
    seed: 3,
    absent: 2,
  });
});

afterAll(() => rm(folder, { recursive: true, force: true }));

describe('findWatermark', () => {
  it('finds the mark a small batch shares and tells which images carry it', async () => {
    const proposal = await findWatermark(set.images);
    expect(proposal.tooFew).toEqual([]);
    expect(proposal.groups).toHaveLength(1);
    const [group] = proposal.groups;
    const [mask] = group?.masks ?? [];
    expect(mask).toMatchObject({ width: 400, height: 300 });
    const at = set.images.find((image) => image.at)?.at ?? { x: 0, y: 0 };
    const truth = truthPlane(400, 300, set.mark, at.x, at.y, 0.5);
    const touched = truthPlane(400, 300, set.mark, at.x, at.y, 0);
    let inter = 0;
    let union = 0;
    let missed = 0;
    truth.forEach((value, i) => {
      if (value && mask?.core[i]) inter += 1;
      if (value || mask?.core[i]) union += 1;
      if (touched[i] && !mask?.plane[i]) missed += 1;
    });
    expect(inter / union).toBeGreaterThan(0.85);
    expect(missed).toBe(0);
    expect(group?.images.map((image) => image.present)).toEqual(
      set.images.map((image) => image.at !== undefined),
    );
  });

  it('looks only inside the rough box given as a hint', async () => {
    const proposal = await findWatermark(set.images, {
      anchor: 'top-left',
      x: 10,
      y: 10,
      width: 150,
      height: 100,
    });
    expect(proposal.groups[0]?.masks).toEqual([]);
    expect(proposal.groups[0]?.images.every((image) => !image.present)).toBe(true);
  });

  it('says two images cannot speak for a mark, instead of guessing', async () => {
    const [one, two] = set.images.slice(2);
    const proposal = await findWatermark([one, two].flatMap((image) => (image ? [image] : [])));
    expect(proposal.groups).toEqual([]);
    expect(proposal.tooFew.map((image) => image.path)).toEqual([one?.path, two?.path]);
    expect(tooFewReason()).toMatch(/at least 3 that share it are needed\): mark it by hand/);
  });

  it('refuses, with a sentence, what would cover too much of each image to be a mark', async () => {
    // A shared shape most of the photo wide: shared, but no watermark is that large.
    const random = seeded(5);
    const large = textMark(random, 6, 9, 7);
    const images = [];
    for (let k = 0; k < 5; k += 1) {
      const rgb = scene(400, 300, random);
      stamp(rgb, 400, large, 20, 190, 0.5);
      images.push({
        path: await writeJpeg(path.join(folder, 'large'), `large-${k}.jpg`, rgb, 400, 300),
        width: 400,
        height: 300,
      });
    }
    const [group] = (await findWatermark(images)).groups;
    expect(group?.masks).toEqual([]);
    expect(group?.refused?.share).toBeGreaterThan(MAX_MASK_SHARE);
    expect(group?.images.some((image) => image.present || image.sure)).toBe(false);
    expect(refusedReason(group?.refused?.share ?? 0)).toMatch(
      /^no mark is shared by these images \(what stands out would cover \d+% of each image\); mark it by hand$/,
    );
  });

  it('names a file it cannot read (cut short, or gone) and goes on with the others', async () => {
    const whole = set.images[4] as (typeof set.images)[number];
    const cut = path.join(folder, 'cut-short.jpg');
    await writeFile(cut, (await readFile(whole.path)).subarray(0, 4000));
    const gone = { path: path.join(folder, 'gone.jpg'), width: 400, height: 300 };
    const proposal = await findWatermark([...set.images, { ...whole, path: cut }, gone]);
    expect(proposal.unreadable.map((image) => [path.basename(image.path), image.why])).toEqual([
      ['cut-short.jpg', 'damaged'],
      ['gone.jpg', 'missing'],
    ]);
    expect(proposal.groups[0]?.images.map((image) => image.present)).toEqual(
      set.images.map((image) => image.at !== undefined),
    );
  });
});
