import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { serviceMaskPng, uprightToStored } from '../../../src-main/core/media/service-mask.ts';

/** An upright 6×4 plane with an L-shaped mark, so every turn and mirror gives a different layout. */
const upright = { width: 6, height: 4 };
const marked = new Set(['0,0', '1,0', '2,0', '0,1']);
const plane = Uint8Array.from({ length: 24 }, (_, i) =>
  marked.has(`${i % 6},${Math.floor(i / 6)}`) ? 1 : 0,
);

describe('uprightToStored', () => {
  it.each([1, 2, 3, 4, 5, 6, 7, 8])(
    'orientation %i: the stored plane, turned as the tag says by sharp, is the upright one',
    async (orientation) => {
      const stored = uprightToStored(plane, upright, orientation);
      const grey = Buffer.from(stored.data.map((v) => v * 255));
      const tagged = await sharp(grey, {
        raw: { width: stored.width, height: stored.height, channels: 1 },
      })
        .jpeg({ quality: 100 })
        .withMetadata({ orientation })
        .toBuffer();
      const turned = await sharp(tagged)
        .autoOrient()
        .greyscale()
        .raw()
        .toBuffer({ resolveWithObject: true });
      expect([turned.info.width, turned.info.height]).toEqual([6, 4]);
      expect(Array.from(turned.data, (v) => (v > 128 ? 1 : 0))).toEqual(Array.from(plane));
    },
  );
});

describe('serviceMaskPng', () => {
  it('refuses a plane with nothing marked', () => {
    expect(() => serviceMaskPng({ data: new Uint8Array(24), width: 6, height: 4 })).toThrow(
      /marks nothing .*so nothing was sent: mark the watermark, or send the image with no mask\./,
    );
  });
});
