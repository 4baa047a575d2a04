import { describe, expect, it } from 'vitest';
import { placeAtCorner, placeRect } from '../../../src-shared/domain/mask-anchor.ts';
import {
  clearOutside,
  growPlane,
  invertPlane,
  shrinkPlane,
} from '../../../src-shared/domain/mask-morphology.ts';

const W = 40;
const H = 30;

function plane(marked: (x: number, y: number) => boolean): Uint8Array {
  return Uint8Array.from({ length: W * H }, (_, i) => (marked(i % W, Math.floor(i / W)) ? 1 : 0));
}

/** The slow, obvious reference: a pixel is within r of a marked one. */
function near(source: Uint8Array, r: number, value: 0 | 1): Uint8Array {
  return plane((x, y) => {
    for (let v = 0; v < H; v += 1) {
      for (let u = 0; u < W; u += 1) {
        if (source[v * W + u] === value && (u - x) ** 2 + (v - y) ** 2 <= r * r) return true;
      }
    }
    return false;
  });
}

const blob = plane(
  (x, y) => (x - 12) ** 2 + (y - 10) ** 2 <= 25 || (x >= 25 && x < 33 && y >= 18 && y < 24),
);

describe('mask tools', () => {
  it.each([1, 2, 3.5, 6])('grows by %d pixels exactly as far as the Euclidean distance', (r) => {
    expect(growPlane(blob, W, H, r)).toEqual(near(blob, r, 1));
  });

  it.each([1, 2, 3])('shrinks by %d pixels, clearing what is near a clear pixel', (r) => {
    const nearClear = near(blob, r, 0);
    const expected = plane((x, y) => blob[y * W + x] === 1 && !nearClear[y * W + x]);
    expect(shrinkPlane(blob, W, H, r)).toEqual(expected);
  });

  it('inverts and clears outside a box', () => {
    expect(invertPlane(blob).reduce((a, b) => a + b, 0)).toBe(
      W * H - blob.reduce((a, b) => a + b, 0),
    );
    const kept = clearOutside(blob, W, H, { x: 20, y: 0, width: 20, height: 30 });
    expect(kept).toEqual(plane((x, y) => x >= 20 && blob[y * W + x] === 1));
  });

  it('grows an empty mask into an empty mask', () => {
    expect(growPlane(new Uint8Array(W * H), W, H, 4).includes(1)).toBe(false);
  });
});

describe('anchored masks', () => {
  it('places a rectangle from each corner and in relative terms', () => {
    const size = { width: 800, height: 600 };
    const rect = { x: 10, y: 20, width: 100, height: 50 };
    expect(placeRect({ ...rect, anchor: 'top-left' }, size)).toEqual(rect);
    expect(placeRect({ ...rect, anchor: 'top-right' }, size)).toEqual({ ...rect, x: 690 });
    expect(placeRect({ ...rect, anchor: 'bottom-left' }, size)).toEqual({ ...rect, y: 530 });
    expect(placeRect({ ...rect, anchor: 'bottom-right' }, size)).toEqual({
      ...rect,
      x: 690,
      y: 530,
    });
    expect(
      placeRect({ x: 0.5, y: 0.25, width: 0.25, height: 0.5, anchor: 'relative' }, size),
    ).toEqual({ x: 400, y: 150, width: 200, height: 300 });
  });

  it('moves a plane onto a larger and a smaller image at the same distance from a corner', () => {
    const from = { width: 4, height: 3 };
    const source = Uint8Array.from([0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]);
    const larger = placeAtCorner(source, from, { width: 6, height: 4 }, 'bottom-right');
    expect([...larger.keys()].filter((i) => larger[i])).toEqual([2 * 6 + 4, 3 * 6 + 5]);
    const smaller = placeAtCorner(source, from, { width: 2, height: 2 }, 'bottom-right');
    expect([...smaller]).toEqual([1, 0, 0, 1]);
  });
});
