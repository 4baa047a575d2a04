import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findWatermark } from '../../../src-main/core/media/automask/find-watermark.ts';
import {
  blackTextKind,
  centreLogoKind,
  ringKind,
  tvBoxKind,
  type KindPhoto,
} from '../../support/finder-kinds.ts';
import { scoreProposal } from '../../support/finder-score.ts';

/**
 * The kinds of issue #34 the finder already found, on real photos saved as JPEG q85, 24 of
 * one size each: they must keep being found (recall at least 0.97, no false region over
 * 0.5 %) now that tiled marks may be larger and photos are pooled in proportion.
 */

let root: string;
beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'clearframe-real-kinds-kept-'));
});
afterAll(() => rm(root, { recursive: true, force: true }));

const KINDS = [
  ['white text and a ring, 40 %, bottom right', ringKind],
  ['a ring, a filled triangle and a word, 30 %, in the middle', centreLogoKind],
  ['black text, 35 %, bottom left', blackTextKind],
  ['an opaque white box with red letters, top right', tvBoxKind],
] as const satisfies ReadonlyArray<readonly [string, (folder: string) => Promise<KindPhoto[]>]>;

describe('the finder keeps finding the marks it found', () => {
  for (const [name, make] of KINDS) {
    it(
      name,
      async () => {
        const photos = await make(path.join(root, name.replace(/\W+/g, '-')));
        const proposal = await findWatermark(
          photos.map(({ file, width, height }) => ({ path: file, width, height })),
        );
        const score = scoreProposal(photos, proposal);
        expect(score.refused).toEqual([]);
        expect(score.recall).toBeGreaterThanOrEqual(0.97);
        expect(score.worstFalse).toBeLessThanOrEqual(0.005);
      },
      300_000,
    );
  }
});
