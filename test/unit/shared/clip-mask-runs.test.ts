import { describe, expect, it } from 'vitest';
import {
  adjustMask,
  decodeMask,
  encodeMask,
  maskShare,
} from '../../../src-shared/video-clean/mask-runs.ts';

/** A 40×20 frame with a 10×6 block marked at (20, 8): a clip's logo mask in small. */
function block() {
  const width = 40;
  const height = 20;
  const mask = new Uint8Array(width * height);
  for (let y = 8; y < 14; y += 1) mask.fill(1, y * width + 20, y * width + 30);
  return { mask, width, height };
}

describe("a clip's accepted mask", () => {
  it('travels as runs and comes back pixel for pixel', () => {
    const text = encodeMask(block());
    expect(text.startsWith('40x20:')).toBe(true);
    expect(text.length).toBeLessThan(80);
    const back = decodeMask(text);
    expect(back?.width).toBe(40);
    expect(back?.height).toBe(20);
    expect([...(back?.mask ?? [])]).toEqual([...block().mask]);
  });

  it('starting with a marked pixel, or wholly clear, still comes back', () => {
    const corner = { mask: new Uint8Array(4 * 3), width: 4, height: 3 };
    corner.mask[0] = 1;
    expect([...(decodeMask(encodeMask(corner))?.mask ?? [])]).toEqual([...corner.mask]);
    const clear = { mask: new Uint8Array(12), width: 4, height: 3 };
    expect(maskShare(decodeMask(encodeMask(clear))?.mask ?? new Uint8Array(1))).toBe(0);
  });

  it('is refused when its runs do not fill its size', () => {
    expect(decodeMask('4x3:5,2')).toBeUndefined();
    expect(decodeMask('4x3:10,5')).toBeUndefined();
    expect(decodeMask('4x3;12')).toBeUndefined();
    expect(decodeMask('')).toBeUndefined();
  });

  it('grows and shrinks by whole pixels, round the found mark', () => {
    const found = block();
    const share = maskShare(found.mask);
    expect(share).toBeCloseTo(60 / 800);
    const grown = adjustMask(found, 2);
    // 10×6 grown by 2 with round corners: 14×10 less the three pixels past 2 at each corner.
    expect(maskShare(grown.mask) * 800).toBe(14 * 10 - 4 * 3);
    const shrunk = adjustMask(found, -2);
    expect(maskShare(shrunk.mask) * 800).toBe(6 * 2);
    expect([...adjustMask(found, 0).mask]).toEqual([...found.mask]);
    // The found mask is left as it was: a grow after a shrink starts from it, not from the shrunk.
    expect(maskShare(found.mask)).toBe(share);
  });
});
